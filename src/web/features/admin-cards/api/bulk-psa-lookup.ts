import { useMutation } from '@tanstack/react-query';
import type { PsaBulkResponse } from '#common/cards.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminCardPaths } from './keys.ts';

/** POST /api/admin/psa/bulk: one row per certificate, with PSA's data or why there is none. */
export const bulkPsaLookup = (certNumbers: string[]) => apiRequest<PsaBulkResponse>('POST', adminCardPaths.psaBulk, { body: { certNumbers } });

export const useBulkPsaLookup = () => useMutation({ mutationFn: bulkPsaLookup });
