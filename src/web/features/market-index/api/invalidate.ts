import type { QueryClient } from '@tanstack/react-query';
import { indexKeys } from './keys.ts';

/** After any admin change: every public figure and the admin list. */
export const invalidateIndex = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: indexKeys.overview }),
    qc.invalidateQueries({ queryKey: indexKeys.levels }),
    qc.invalidateQueries({ queryKey: indexKeys.divisorLog }),
    qc.invalidateQueries({ queryKey: indexKeys.admin }),
    qc.invalidateQueries({ queryKey: indexKeys.constituents }),
  ]);
