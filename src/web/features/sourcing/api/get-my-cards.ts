import { useQuery } from '@tanstack/react-query';
import type { CardSummary } from '#common/cards.ts';
import { apiGet } from '#web/lib/api.ts';
import { huntKeys } from './keys.ts';

/** GET /api/cards: the member's cards in short form, to pick the one offered. */
export const useMyCards = (enabled: boolean) =>
  useQuery({ queryKey: huntKeys.myCards, queryFn: ({ signal }) => apiGet<{ cards: CardSummary[] }>(huntKeys.myCards, signal), enabled });
