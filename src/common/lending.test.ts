import { describe, expect, it } from 'vitest';
import {
  collateralBasis,
  pastGrace,
  accruedInterestCents,
  adminLoanMoves,
  loanStatuses,
  addMonths,
  buildSchedule,
  defaultLendingPolicy,
  lendingPolicySchema,
  loanTransitions,
  ltvBps,
  maxLoanCents,
  monthlyInterestCents,
  monthlyPaymentCents,
  payoffAmount,
  scheduleTotals,
} from './lending.ts';

describe('schedule arithmetic, worked by hand', () => {
  // $1,200.00 at 12% APR over 3 months: r = 1% a month.
  // Payment = 1200 × 0.01 / (1 − 1.01⁻³) = 408.0266… → $408.03.
  // Month 1: interest 12.00, principal 396.03, balance 803.97.
  // Month 2: interest 8.0397 → 8.04, principal 399.99, balance 403.98.
  // Month 3: interest 4.0398 → 4.04, principal 403.98 (all that is left), payment 408.02.
  it('amortises with the last installment absorbing the rounding', () => {
    expect(monthlyPaymentCents(120_000, 1200, 3)).toBe(40_803);
    const rows = buildSchedule({ principalCents: 120_000, aprBps: 1200, termMonths: 3, startDate: '2026-01-15' });
    expect(rows).toEqual([
      { number: 1, dueDate: '2026-02-15', paymentCents: 40_803, interestCents: 1200, principalCents: 39_603, balanceAfterCents: 80_397 },
      { number: 2, dueDate: '2026-03-15', paymentCents: 40_803, interestCents: 804, principalCents: 39_999, balanceAfterCents: 40_398 },
      { number: 3, dueDate: '2026-04-15', paymentCents: 40_802, interestCents: 404, principalCents: 40_398, balanceAfterCents: 0 },
    ]);
    expect(scheduleTotals(rows)).toEqual({ paymentsCents: 122_408, interestCents: 2408 });
  });

  it('rounds a half cent of interest up', () => {
    // $6.60 × 10% ÷ 12 = 0.055 dollars = 5.5¢ → 6¢; $6.00 gives exactly 5¢.
    expect(monthlyInterestCents(660, 1000)).toBe(6);
    expect(monthlyInterestCents(600, 1000)).toBe(5);
    expect(monthlyInterestCents(659, 1000)).toBe(5);
  });

  it('splits an interest-free loan evenly, the last installment taking the remainder', () => {
    // $1,000.00 over 3: 333.34 + 333.34 + 333.32.
    const rows = buildSchedule({ principalCents: 100_000, aprBps: 0, termMonths: 3, startDate: '2026-01-01' });
    expect(rows.map((r) => r.paymentCents)).toEqual([33_334, 33_334, 33_332]);
    expect(rows.reduce((s, r) => s + r.principalCents, 0)).toBe(100_000);
  });

  it('repays exactly the principal over 12 months at any APR', () => {
    for (const apr of [1, 900, 1250, 1800, 2999]) {
      const rows = buildSchedule({ principalCents: 1_234_567, aprBps: apr, termMonths: 12, startDate: '2026-03-10' });
      expect(rows.reduce((s, r) => s + r.principalCents, 0)).toBe(1_234_567);
      expect(rows.at(-1)!.balanceAfterCents).toBe(0);
      // Level payments; the last differs from the others by a few cents at most.
      expect(Math.abs(rows.at(-1)!.paymentCents - rows[0].paymentCents)).toBeLessThan(12);
    }
  });

  it('falls due on the same day each month, or the last day of a shorter month (leap year)', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-01-31', 2)).toBe('2024-03-31');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
    const rows = buildSchedule({ principalCents: 300_000, aprBps: 1200, termMonths: 3, startDate: '2024-01-31' });
    expect(rows.map((r) => r.dueDate)).toEqual(['2024-02-29', '2024-03-31', '2024-04-30']);
  });
});

describe('payoff to the day', () => {
  it('counts each day at APR ÷ 366 in a leap year and ÷ 365 otherwise', () => {
    // $1,000 at 10%: Feb 1 → Mar 1 2024 is 29 days: 100.00 × 29 / 366 = 7.9235 → $7.92.
    expect(accruedInterestCents(100_000, 1000, '2024-02-01', '2024-03-01')).toBe(792);
    // The same dates in 2023 are 28 days: 100.00 × 28 / 365 = 7.6712 → $7.67.
    expect(accruedInterestCents(100_000, 1000, '2023-02-01', '2023-03-01')).toBe(767);
    // Across new year: 14 days of 2023 and 16 of 2024: 100 × (14/365 + 16/366) = 8.2072 → $8.21.
    expect(accruedInterestCents(100_000, 1000, '2023-12-17', '2024-01-16')).toBe(821);
    expect(accruedInterestCents(100_000, 1000, '2024-03-01', '2024-03-01')).toBe(0);
  });

  it('is the outstanding principal plus interest since the last paid due date', () => {
    // After installment 1 of the $1,200 example (paid, due Feb 15 2026): $803.97 outstanding.
    // Payoff on Mar 1 2026: 14 days × 803.97 × 12% / 365 = 3.7006 → $3.70.
    expect(payoffAmount({ outstandingPrincipalCents: 80_397, aprBps: 1200, interestFrom: '2026-02-15', onDate: '2026-03-01' })).toEqual({
      principalCents: 80_397,
      interestCents: 370,
      totalCents: 80_767,
      interestFrom: '2026-02-15',
      onDate: '2026-03-01',
    });
  });

  it('stays exact for the largest loans', () => {
    // $10,000,000 at 18% for a year of 365 days: exactly $1,800,000.
    expect(accruedInterestCents(1_000_000_000, 1800, '2025-01-01', '2026-01-01')).toBe(180_000_000);
  });
});

describe('caps and LTV', () => {
  it('caps the loan at the LTV share of the collateral, rounded down', () => {
    expect(maxLoanCents(400_000, 4000)).toBe(160_000);
    expect(maxLoanCents(333_333, 4000)).toBe(133_333);
  });
  it('gives live LTV in basis points', () => {
    expect(ltvBps(160_000, 400_000)).toBe(4000);
    expect(ltvBps(100_000, 300_000)).toBe(3333);
    expect(ltvBps(100, 0)).toBeNull();
  });
});

describe('policy and statuses', () => {
  it('accepts the defaults and refuses an inverted APR range', () => {
    expect(lendingPolicySchema.safeParse(defaultLendingPolicy).success).toBe(true);
    expect(lendingPolicySchema.safeParse({ ...defaultLendingPolicy, aprMinBps: 2000 }).success).toBe(false);
    expect(lendingPolicySchema.safeParse({ ...defaultLendingPolicy, terms: [4] }).success).toBe(false);
  });
  it('ends paid, rejected, declined and expired loans for good', () => {
    for (const s of ['paid', 'rejected', 'declined', 'expired'] as const) expect(loanTransitions[s]).toEqual([]);
    expect(loanTransitions.funded).toContain('defaulted');
    // The admin's moves are allowed transitions.
    for (const s of loanStatuses) for (const to of adminLoanMoves[s]) expect(loanTransitions[s]).toContain(to);
  });
});

describe('the lending basis (decision 128)', () => {
  it('is the lower of the estimate and our appraisal, else the market price; with neither, nothing', () => {
    expect(collateralBasis({ estimatedValueCents: 200_000_000, appraisedValueCents: null, marketValueCents: null })).toEqual({
      basisCents: 0,
      source: 'none',
    });
    expect(collateralBasis({ estimatedValueCents: 200_000_000, appraisedValueCents: null, marketValueCents: 1_000_000 })).toEqual({
      basisCents: 1_000_000,
      source: 'market',
    });
    expect(collateralBasis({ estimatedValueCents: 500_000, appraisedValueCents: null, marketValueCents: 1_000_000 })).toEqual({
      basisCents: 500_000,
      source: 'estimate',
    });
    // An appraisal outranks the index: it is our look at this very card.
    expect(collateralBasis({ estimatedValueCents: 200_000_000, appraisedValueCents: 2_500_000, marketValueCents: 1_000_000 })).toEqual({
      basisCents: 2_500_000,
      source: 'appraisal',
    });
    expect(collateralBasis({ estimatedValueCents: 900_000, appraisedValueCents: 2_500_000, marketValueCents: null })).toEqual({
      basisCents: 900_000,
      source: 'estimate',
    });
    expect(collateralBasis({ estimatedValueCents: 0, appraisedValueCents: 2_500_000, marketValueCents: null }).basisCents).toBe(0);
  });

  it('is past grace only when an open installment fell due more than the grace days ago', () => {
    const due = (dueDate: string, status: 'scheduled' | 'invoiced' | 'paid' | 'cancelled' = 'invoiced') => ({ dueDate, status });
    expect(pastGrace([due('2026-05-25')], '2026-06-01', 7)).toBe(false);
    expect(pastGrace([due('2026-05-24')], '2026-06-01', 7)).toBe(true);
    expect(pastGrace([due('2026-05-01', 'paid'), due('2026-05-01', 'cancelled')], '2026-06-01', 7)).toBe(false);
    expect(pastGrace([due('2026-05-31', 'scheduled')], '2026-06-01', 0)).toBe(true);
    expect(pastGrace([], '2026-06-01', 7)).toBe(false);
  });
});
