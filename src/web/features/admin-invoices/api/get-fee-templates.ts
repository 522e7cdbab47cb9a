import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import { adminInvoiceKeys, adminInvoicePaths } from './keys.ts';
import type { FeeTemplatesResponse } from '#common/money.ts';

/** GET /api/admin/fee-templates: every template, active or not. */
export const fetchFeeTemplates = (signal?: AbortSignal) => apiRequest<FeeTemplatesResponse>('GET', adminInvoicePaths.templates, { signal });

export const feeTemplatesQuery = () => queryOptions({ queryKey: adminInvoiceKeys.templates, queryFn: ({ signal }) => fetchFeeTemplates(signal) });

export const useFeeTemplates = () => useQuery(feeTemplatesQuery());
