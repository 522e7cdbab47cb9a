import { useMutation } from '@tanstack/react-query';
import type { RunValuationInput, ValuationPreview } from '#common/funds.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminFundPaths } from './keys.ts';

/** POST /api/admin/funds/{id}/valuations/preview: what a valuation on a date would record; writes nothing. */
export const previewValuation = ({ id, input }: { id: string; input: RunValuationInput }) =>
  apiRequest<ValuationPreview>('POST', adminFundPaths.valuationPreview(id), { body: input });

export const usePreviewValuation = () => useMutation({ mutationFn: previewValuation });
