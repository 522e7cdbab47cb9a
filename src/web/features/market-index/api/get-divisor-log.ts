import { useQuery } from '@tanstack/react-query';
import type { DivisorLogResponse } from '#common/market-index.ts';
import { apiRequest } from '#web/lib/api.ts';
import { indexKeys, indexPaths } from './keys.ts';

/** GET /api/index/divisor-log: settings, current divisor and every adjustment (public). */
export const useDivisorLog = () =>
  useQuery({ queryKey: indexKeys.divisorLog, queryFn: ({ signal }) => apiRequest<DivisorLogResponse>('GET', indexPaths.divisorLog, { signal }) });
