import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
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
 * Puts the server's field errors beside the form's fields. `fields` maps a server field name to the
 * form's (e.g. `amountCents` → `amount`); a name the form uses as is may be listed alone. Returns
 * whether any was placed, so the caller shows anything else its own way.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  // Any output type: a form may turn what is typed into other values.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: Pick<UseFormReturn<T, any, any>, 'setError'>,
  err: unknown,
  fields: Partial<Record<string, Path<T>>>,
): boolean {
  const fe = serverFieldErrors(err);
  let placed = false;
  for (const [server, field] of Object.entries(fields)) {
    const message = fe[server];
    if (!field || !message) continue;
    form.setError(field, { message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
