/**
 * Spec §2: the first letter of the name; with no name, the second character of the phone (the
 * first is the plus sign).
 */
export function avatarInitial(name: string | null | undefined, phone: string | null | undefined): string {
  const trimmed = name?.trim();
  if (trimmed) return Array.from(trimmed)[0]!.toUpperCase();
  return phone?.charAt(1) || '?';
}
