import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseLiveMessage } from './live-message.ts';

// The zod schema the browser used before decision 153: the hand-written check must agree with it.
const reference = z.object({
  type: z.string(),
  userId: z.string().optional(),
  status: z.string().optional(),
  title: z.string().optional(),
  message: z.string().optional(),
  variant: z.enum(['default', 'destructive']).optional(),
  playerName: z.string().optional(),
  year: z.union([z.string(), z.number()]).optional(),
  silent: z.boolean().optional(),
});

const cases: unknown[] = [
  { type: 'auth_success' },
  { type: 'pong', extra: 1 },
  { type: 'card_updated', userId: 'u1', status: 'verified', playerName: 'Mickey Mantle', year: 1952, cardId: 'c1', reason: 'verified' },
  { type: 'notification', title: 'Invoice paid', message: 'Thank you', variant: 'default', silent: true },
  { type: 'notification', title: 'Overdue', message: 'Pay now', variant: 'destructive', year: '1986' },
  { type: 'x', userId: undefined },
  { type: 'notification', variant: 'loud' },
  { type: 'x', year: true },
  { type: 'x', year: null },
  { type: 'x', silent: 'yes' },
  { type: 'x', userId: 42 },
  { type: 'x', title: ['a'] },
  { type: 7 },
  { userId: 'u1' },
  null,
  'auth_success',
  42,
  [],
  [{ type: 'x' }],
];

describe('parseLiveMessage', () => {
  it.each(cases.map((c) => [JSON.stringify(c) ?? String(c), c]))('agrees with the zod schema on %s', (_label, input) => {
    const expected = reference.safeParse(input);
    expect(parseLiveMessage(input)).toEqual(expected.success ? expected.data : null);
  });

  it('keeps only the known fields', () => {
    expect(parseLiveMessage({ type: 'listing_updated', listingId: 'l1', status: 'sold' })).toStrictEqual({ type: 'listing_updated', status: 'sold' });
  });
});
