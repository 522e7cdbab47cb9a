import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { candidateCardsResponseSchema } from '#common/funds.ts';
import { apiGet } from '#web/lib/api.ts';
import { adminFundKeys } from './keys.ts';

export type CandidateCardsResponse = z.infer<typeof candidateCardsResponseSchema>;
export type CandidateCard = CandidateCardsResponse['cards'][number];

/** GET /api/admin/funds/{id}/candidate-cards?q=: vaulted cards no fund or hold has, house cards first. */
export const fetchCandidateCards = (id: string, q: string, signal?: AbortSignal) =>
  apiGet<CandidateCardsResponse>(adminFundKeys.candidates(id, q), signal);

export const candidateCardsQuery = (id: string, q: string) =>
  queryOptions({
    queryKey: adminFundKeys.candidates(id, q),
    queryFn: ({ signal }) => fetchCandidateCards(id, q, signal),
    placeholderData: keepPreviousData,
  });

export const useCandidateCards = (id: string, q: string, enabled: boolean) => useQuery({ ...candidateCardsQuery(id, q), enabled });
