import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OuttakeQuote } from '#common/vault.ts';
import { apiGet } from '#web/lib/api.ts';
import { vaultKeys } from './keys.ts';

/** GET /api/user/vault/outtakes/quote?cardIds=…: the fee for taking these cards out (or why not). */
export const fetchOuttakeQuote = (cardIds: readonly string[], signal?: AbortSignal) => apiGet<OuttakeQuote>(vaultKeys.quote(cardIds), signal);
export const outtakeQuoteQuery = (cardIds: readonly string[]) =>
  queryOptions({
    queryKey: vaultKeys.quote(cardIds),
    queryFn: ({ signal }) => fetchOuttakeQuote(cardIds, signal),
    enabled: cardIds.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useOuttakeQuote = (cardIds: readonly string[]) => useQuery(outtakeQuoteQuery(cardIds));
