import { describe, expect, it } from 'vitest';
import type { ClearingMovement } from '#server/modules/ledger/index.ts';
import { matchActivity } from './reconciliation.service.ts';

const paid = (reference: string, netCents: number, invoiceId: string | null = null): ClearingMovement => ({
  causeType: 'payment_settled',
  reference,
  netCents,
  invoiceId,
});
const refunded = (reference: string, cents: number): ClearingMovement => ({ causeType: 'refund', reference, netCents: -cents, invoiceId: null });
const usd = 'usd';

describe('matchActivity', () => {
  it('matches payments and refunds by reference, summing partial refunds', () => {
    const m = matchActivity([paid('pi_1', 9_000), refunded('pi_1', 2_000), refunded('pi_1', 2_500)], {
      payments: [{ reference: 'pi_1', amountCents: 9_000, currency: usd }],
      refunds: [
        { id: 're_1', reference: 'pi_1', amountCents: 2_000, currency: usd },
        { id: 're_2', reference: 'pi_1', amountCents: 2_500, currency: usd },
      ],
    });
    expect(m).toMatchObject({
      ledgerPaymentsCents: 9_000,
      ledgerRefundsCents: 4_500,
      providerPaymentsCents: 9_000,
      providerRefundsCents: 4_500,
      matchedCount: 2,
      mismatches: [],
    });
  });

  it('names money only one side knows of, and amounts that differ', () => {
    const m = matchActivity([paid('pi_ours', 500, 'inv-1'), paid('pi_both', 1_000)], {
      payments: [
        { reference: 'pi_both', amountCents: 1_100, currency: usd },
        { reference: 'pi_theirs', amountCents: 700, currency: usd },
      ],
      refunds: [{ id: 're_9', reference: 'pi_theirs', amountCents: 700, currency: usd }],
    });
    expect(m.mismatches).toEqual(
      expect.arrayContaining([
        { kind: 'missing_at_provider', flow: 'payment', reference: 'pi_ours', ledgerCents: 500, providerCents: 0, invoiceId: 'inv-1' },
        { kind: 'amount_differs', flow: 'payment', reference: 'pi_both', ledgerCents: 1_000, providerCents: 1_100, invoiceId: null },
        { kind: 'missing_in_ledger', flow: 'payment', reference: 'pi_theirs', ledgerCents: 0, providerCents: 700, invoiceId: null },
        { kind: 'missing_in_ledger', flow: 'refund', reference: 'pi_theirs', ledgerCents: 0, providerCents: 700, invoiceId: null },
      ]),
    );
    expect(m.mismatches).toHaveLength(4);
  });

  it('a payment reversed in the ledger leaves the provider’s charge unmatched', () => {
    const m = matchActivity([paid('pi_r', 3_000), { causeType: 'reversal', reference: 'pi_r', netCents: -3_000, invoiceId: null }], {
      payments: [{ reference: 'pi_r', amountCents: 3_000, currency: usd }],
      refunds: [],
    });
    expect(m.mismatches).toEqual([
      { kind: 'missing_in_ledger', flow: 'payment', reference: 'pi_r', ledgerCents: 0, providerCents: 3_000, invoiceId: null },
    ]);
  });

  it('pairs what is left on both sides one to one by equal amount (a membership known by its subscription)', () => {
    const m = matchActivity([paid('sub_1', 2_500), paid('sub_2', 2_500), paid('sub_3', 9_900)], {
      payments: [
        { reference: 'pi_a', amountCents: 2_500, currency: usd },
        { reference: 'pi_b', amountCents: 2_500, currency: usd },
        { reference: 'pi_c', amountCents: 1_000, currency: usd },
      ],
      refunds: [],
    });
    expect(m.pairedByAmountCount).toBe(2);
    expect(m.mismatches.map((x) => [x.kind, x.reference])).toEqual([
      ['missing_at_provider', 'sub_3'],
      ['missing_in_ledger', 'pi_c'],
    ]);
  });

  it('an empty day matches', () => {
    expect(matchActivity([], { payments: [], refunds: [] })).toMatchObject({ matchedCount: 0, mismatches: [] });
  });
});
