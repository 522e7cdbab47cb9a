import { describe, expect, it } from 'vitest';
import { ledgerMessages } from '#common/ledger.ts';
import { checkEntry } from './ledger.service.ts';

const dr = (account: string, debitCents: number) => ({ account, debitCents });
const cr = (account: string, creditCents: number) => ({ account, creditCents });

describe('checkEntry', () => {
  it('takes balanced whole-cent lines in USD', () => {
    expect(checkEntry({ lines: [dr('member_receivable', 12_345), cr('fee_income', 12_000), cr('interest_income', 345)] })).toEqual({
      debits: 12_345,
      credits: 12_345,
    });
  });
  it('refuses debits that differ from credits', () => {
    expect(() => checkEntry({ lines: [dr('member_receivable', 100), cr('fee_income', 99)] })).toThrow(ledgerMessages.unbalanced);
  });
  it('refuses fractional, negative, unsafe and two-sided or empty lines', () => {
    expect(() => checkEntry({ lines: [dr('a', 10.5), cr('b', 10.5)] })).toThrow(ledgerMessages.amount);
    expect(() => checkEntry({ lines: [dr('a', -5), cr('b', -5)] })).toThrow(ledgerMessages.amount);
    expect(() => checkEntry({ lines: [dr('a', 2 ** 60), cr('b', 2 ** 60)] })).toThrow(ledgerMessages.amount);
    expect(() => checkEntry({ lines: [{ account: 'a', debitCents: 5, creditCents: 5 }, cr('b', 0)] })).toThrow(ledgerMessages.amount);
    expect(() => checkEntry({ lines: [dr('a', 0), cr('b', 0)] })).toThrow(ledgerMessages.amount);
    expect(() => checkEntry({ lines: [dr('a', 5)] })).toThrow(ledgerMessages.empty);
  });
  it('refuses any currency but USD', () => {
    expect(() => checkEntry({ currency: 'EUR', lines: [dr('a', 5), cr('b', 5)] })).toThrow(ledgerMessages.currency);
    expect(() => checkEntry({ currency: 'usd', lines: [dr('a', 5), cr('b', 5)] })).toThrow(ledgerMessages.currency);
  });
});
