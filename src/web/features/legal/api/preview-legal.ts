import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';

/**
 * POST /api/admin/legal/preview: the server renders with the public page's sanitiser, so the
 * preview is exactly what members will see. A read, so it is a query keyed by the text.
 */
export const fetchLegalPreview = (markdown: string, signal?: AbortSignal) =>
  apiRequest<{ html: string }>('POST', '/api/admin/legal/preview', { body: { markdown }, signal });
export const legalPreviewQuery = (markdown: string) =>
  queryOptions({
    queryKey: ['legal-preview', markdown],
    queryFn: ({ signal }) => fetchLegalPreview(markdown, signal),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
export const useLegalPreview = (markdown: string) => useQuery(legalPreviewQuery(markdown));
