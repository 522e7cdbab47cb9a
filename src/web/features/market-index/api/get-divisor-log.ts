import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DivisorLogResponse } from '#common/market-index.ts';
import { apiRequest } from '#web/lib/api.ts';
import { indexKeys, indexPaths } from './keys.ts';

/** GET /api/index/divisor-log: settings, current divisor and every adjustment (public). */
export const fetchDivisorLog = (signal?: AbortSignal) => apiRequest<DivisorLogResponse>('GET', indexPaths.divisorLog, { signal });
export const divisorLogQuery = () => queryOptions({ queryKey: indexKeys.divisorLog, queryFn: ({ signal }) => fetchDivisorLog(signal) });
export const useDivisorLog = () => useQuery(divisorLogQuery());
