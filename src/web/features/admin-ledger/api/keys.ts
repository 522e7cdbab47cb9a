import type { LedgerEntriesQuery } from '#common/ledger.ts';

/** Query keys of the ledger; each starts with its GET path. */
export const ledgerKeys = {
  trialBalance: ['/api/admin/ledger/trial-balance'] as const,
  reconciliations: ['/api/admin/ledger/reconciliations'] as const,
  entries: (params: LedgerEntriesQuery) => ['/api/admin/ledger/entries', params] as const,
};
