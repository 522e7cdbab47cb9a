import type { FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#web/lib/api.ts';

/** The server's `fieldErrors` on a refused request (`{ fieldErrors: { amountCents: ['…'] } }`), or none. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  const fe = err instanceof ApiError ? (err.body as { fieldErrors?: Record<string, unknown> } | undefined)?.fieldErrors : undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fe ?? {})) {
    const text = Array.isArray(v) ? v[0] : v;
    if (typeof text === 'string' && text) out[k] = text;
  }
  return out;
}

/**
 * Puts the server's field errors beside the form's fields: `fields` maps the server's name (or,
 * for `lines.0.amountCents`, its path) to the form's; a name absent from it is left out. The
 * first placed field takes the focus. Returns whether any was placed, so the caller shows
 * anything else its own way.
 */
export function placeServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  err: unknown,
  fields: (serverName: string) => Path<T> | undefined,
): boolean {
  let placed = false;
  for (const [key, message] of Object.entries(serverFieldErrors(err))) {
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

/** `placeServerFieldErrors` with a table (e.g. `amountCents` → `amount`; a name the form uses as is may map to itself). */
export function applyServerFieldErrors<T extends FieldValues>(
  // Any output type: a form may turn what is typed into other values.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: Pick<UseFormReturn<T, any, any>, 'setError'>,
  err: unknown,
  fields: Partial<Record<string, Path<T>>>,
): boolean {
  return placeServerFieldErrors(form.setError, err, renamed(fields));
}
