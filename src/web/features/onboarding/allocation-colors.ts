import type { Allocation } from '#common/onboarding.ts';

/** One tone per allocation category: the crimson accent, then neutrals. */
export const allocationColors: Record<keyof Allocation, string> = {
  vintage: '#8b1a1a',
  modern: '#c0392b',
  basketball: '#27272a',
  baseball: '#52525b',
  football: '#a1a1aa',
  other: '#d4d4d8',
};
