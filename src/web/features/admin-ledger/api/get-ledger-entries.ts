import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LedgerEntriesQuery, LedgerEntriesResponse } from '#common/ledger.ts';
import { apiGet, type QueryParams } from '#web/lib/api.ts';
import { ledgerKeys } from './keys.ts';

/** GET /api/admin/ledger/entries with the filters. */
export const ledgerEntriesQuery = (params: LedgerEntriesQuery) =>
  queryOptions({
    queryKey: ledgerKeys.entries(params),
    queryFn: ({ signal }) => apiGet<LedgerEntriesResponse>(ledgerKeys.entries(params as QueryParams as LedgerEntriesQuery), signal),
    placeholderData: keepPreviousData,
  });

export const useLedgerEntries = (params: LedgerEntriesQuery) => useQuery(ledgerEntriesQuery(params));
