import { useEffect, useRef, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SHARED_CARD_ID } from '#common/page-session.ts';
import type { SharedCard } from '#common/share-links.ts';
import { apiRequest } from '#web/lib/api.ts';
import { shareKeys, sharePaths } from './keys.ts';

/** GET /api/shared/{token}: the card as a stranger sees it; the referrer is the page's own. */
export const fetchSharedCard = (token: string, signal?: AbortSignal) =>
  apiRequest<SharedCard>('GET', sharePaths.shared(token), { signal, params: { ref: document.referrer || undefined } });

export const sharedCardQuery = (token: string) =>
  queryOptions({ queryKey: shareKeys.shared(token), queryFn: ({ signal }) => fetchSharedCard(token, signal), retry: false, staleTime: Infinity });

/**
 * The card the server put in the page for this token (decision 152), taken once: the block is
 * removed, so a later visit within the app asks the API. A block for another token, or a broken
 * one, is ignored.
 */
export function takeEmbeddedSharedCard(token: string, doc: Document = document): SharedCard | undefined {
  const el = doc.getElementById(PAGE_SHARED_CARD_ID);
  if (!el) return undefined;
  el.remove();
  try {
    const block = JSON.parse(el.textContent ?? '') as { token?: unknown; card?: unknown } | null;
    return block?.token === token && block.card && typeof block.card === 'object' ? (block.card as SharedCard) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The shared card. When the page came with it, it is shown at once and the API is still called
 * once: that call records the view, and its answer replaces the page's copy.
 */
export function useSharedCard(token: string) {
  const queryClient = useQueryClient();
  const [embedded] = useState(() => takeEmbeddedSharedCard(token));
  const query = useQuery({ ...sharedCardQuery(token), initialData: embedded });
  const asked = useRef(false);
  useEffect(() => {
    if (!embedded || asked.current) return;
    asked.current = true;
    void queryClient.refetchQueries({ queryKey: shareKeys.shared(token), exact: true });
  }, [embedded, queryClient, token]);
  return query;
}
