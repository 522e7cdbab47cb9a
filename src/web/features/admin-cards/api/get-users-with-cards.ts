import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersWithCardsResponse } from '#common/cards.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminCardKeys, adminCardPaths } from './keys.ts';

/** GET /api/admin/users-with-cards: members holding cards, with count and total value. */
export const fetchUsersWithCards = (signal?: AbortSignal) => apiRequest<UsersWithCardsResponse>('GET', adminCardPaths.usersWithCards, { signal });

export const usersWithCardsQuery = () =>
  queryOptions({ queryKey: adminCardKeys.usersWithCards, queryFn: ({ signal }) => fetchUsersWithCards(signal), staleTime: 60_000 });

export const useUsersWithCards = () => useQuery(usersWithCardsQuery());
