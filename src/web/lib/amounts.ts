import { formatCents } from '#common/format.ts';

/** Why a typed amount was refused. */
export type MoneyInputProblem = 'empty' | 'notAmount' | 'tooManyDecimals' | 'negative' | 'zero' | 'tooLarge';

export interface MoneyInputOptions {
  /** A leading minus is accepted ("-25.50" → -2550). Default false. */
  allowNegative?: boolean;
  /** $0 is accepted. Default true. */
  allowZero?: boolean;
  /** The largest amount, in cents. Default 99,999,999,999,999 (12 digits of dollars). */
  maxCents?: number;
}

export type MoneyInput = { ok: true; cents: number } | { ok: false; problem: MoneyInputProblem; message: string };

/** 12 digits of dollars: what the amount fields have always allowed. */
const DEFAULT_MAX_CENTS = 99_999_999_999_999;

export const moneyInputMessages = {
  empty: 'Enter an amount',
  notAmount: 'Enter an amount in dollars, like 1,250.50',
  tooManyDecimals: 'Enter at most 2 decimals (cents)',
  negative: 'Enter an amount of $0 or more',
  zero: 'Enter an amount greater than $0',
  tooLarge: (maxCents: number) => `Enter an amount of at most ${formatCents(maxCents)}`,
} as const;

const refuse = (problem: Exclude<MoneyInputProblem, 'tooLarge'>): MoneyInput => ({ ok: false, problem, message: moneyInputMessages[problem] });

/**
 * Dollars as a person types them ("$1,250.50", "1,250.5", "0.07", " 99 ") → integer cents, read
 * digit by digit so no floating point rounds them. Spaces, commas and a "$" are ignored; more than
 * 2 decimals, exponents and other text are refused with a message.
 */
export function parseMoneyInput(text: string, options: MoneyInputOptions = {}): MoneyInput {
  const { allowNegative = false, allowZero = true, maxCents = DEFAULT_MAX_CENTS } = options;
  const t = text.replace(/[\s,]/g, '');
  if (t === '') return refuse('empty');
  // "-$5", "$-5", "-5", "$5": one sign and one dollar sign, before the digits.
  const signed = /^(-)?\$?(-)?(.*)$/.exec(t)!;
  const m = /^(\d*)(?:\.(\d*))?$/.exec(signed[3]!);
  if ((signed[1] && signed[2]) || !m || (m[1] === '' && !m[2])) return refuse('notAmount');
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const frac = m[2] ?? '';
  if (frac.length > 2) return refuse('tooManyDecimals');
  const tooLarge: MoneyInput = { ok: false, problem: 'tooLarge', message: moneyInputMessages.tooLarge(maxCents) };
  if (whole.length > 13) return tooLarge; // beyond, cents would not be exact
  const magnitude = Number(whole || '0') * 100 + Number(frac.padEnd(2, '0'));
  const negative = !!(signed[1] || signed[2]) && magnitude > 0;
  if (negative && !allowNegative) return refuse('negative');
  if (magnitude > maxCents) return tooLarge;
  if (magnitude === 0 && !allowZero) return refuse('zero');
  return { ok: true, cents: negative ? -magnitude : magnitude };
}

/** The cents of a typed amount, or null when `parseMoneyInput` refuses it (each form says why in its own words). */
export function parseDollarsToCents(text: string, options?: MoneyInputOptions): number | null {
  const r = parseMoneyInput(text, options);
  return r.ok ? r.cents : null;
}

/** The first message the server gave for a field (`{ fieldErrors: { amountCents: ['…'] } }`). */
export function serverFieldError(body: unknown, field: string): string | undefined {
  const fe = (body as { fieldErrors?: Record<string, string[] | undefined> } | undefined)?.fieldErrors;
  return fe?.[field]?.[0];
}
