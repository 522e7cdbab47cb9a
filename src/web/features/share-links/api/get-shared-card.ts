import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedCard } from '#common/share-links.ts';
import { apiRequest } from '#web/lib/api.ts';
import { shareKeys, sharePaths } from './keys.ts';

/** GET /api/shared/{token}: the card as a stranger sees it; the referrer is the page's own. */
export const fetchSharedCard = (token: string, signal?: AbortSignal) =>
  apiRequest<SharedCard>('GET', sharePaths.shared(token), { signal, params: { ref: document.referrer || undefined } });

export const sharedCardQuery = (token: string) =>
  queryOptions({ queryKey: shareKeys.shared(token), queryFn: ({ signal }) => fetchSharedCard(token, signal), retry: false, staleTime: Infinity });
export const useSharedCard = (token: string) => useQuery(sharedCardQuery(token));
