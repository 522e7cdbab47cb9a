import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoardHunt } from '#common/hunts.ts';
import { apiRequest } from '#web/lib/api.ts';
import { huntKeys, huntPaths } from './keys.ts';

export interface BoardFilters {
  sport?: string;
  player?: string;
  grade?: string;
}

/** GET /api/hunts/active: the board, filtered by sport, player and the grade in hand. */
export const fetchBoard = (filters: BoardFilters, signal?: AbortSignal) =>
  apiRequest<{ hunts: BoardHunt[] }>('GET', huntPaths.board, { signal, params: { ...filters } });
export const boardQuery = (filters: BoardFilters) =>
  queryOptions({ queryKey: huntKeys.boardFiltered({ ...filters }), queryFn: ({ signal }) => fetchBoard(filters, signal) });
export const useBoard = (filters: BoardFilters) => useQuery(boardQuery(filters));
