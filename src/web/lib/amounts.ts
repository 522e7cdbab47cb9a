/**
 * Cents from dollars as a person types them ("$12,500", "99.5"), exactly (no floating point), or
 * null when it is not an amount with at most 2 decimals.
 */
export function parseDollarsToCents(text: string): number | null {
  const t = text.replace(/[$,\s]/g, '');
  if (!/^\d{1,12}(\.\d{0,2})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** The first message the server gave for a field (`{ fieldErrors: { amountCents: ['…'] } }`). */
export function serverFieldError(body: unknown, field: string): string | undefined {
  const fe = (body as { fieldErrors?: Record<string, string[] | undefined> } | undefined)?.fieldErrors;
  return fe?.[field]?.[0];
}
