import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#web/lib/api.ts';

/** The server's field errors of a refused request (`{ fieldErrors: { amountCents: ['…'] } }`), or none. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  const fe =
    err instanceof ApiError ? (err.body as { fieldErrors?: Record<string, string[] | string | undefined> } | undefined)?.fieldErrors : undefined;
  const out: Record<string, string> = {};
  for (const [key, m] of Object.entries(fe ?? {})) {
    const text = Array.isArray(m) ? m[0] : m;
    if (typeof text === 'string' && text) out[key] = text;
  }
  return out;
}

/**
 * Puts the server's field errors beside the form's fields: `fields` maps the server's name (or,
 * for `lines.0.amountCents`, its path) to the form's; a name absent from it is left out. The
 * first placed field takes the focus. Returns whether any was placed.
 */
export function placeServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  err: unknown,
  fields: (serverName: string) => Path<T> | undefined,
): boolean {
  let placed = false;
  for (const [key, message] of Object.entries(fieldErrorsOf(err))) {
    const name = fields(key);
    if (!name) continue;
    setError(name, { message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

/** A `fields` for `placeServerFieldErrors` from a plain table of server name → form field. */
export const renamed =
  <T extends FieldValues>(table: Partial<Record<string, Path<T>>>) =>
  (serverName: string) =>
    table[serverName];
