import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';

/**
 * POST /api/admin/legal/preview: the server renders with the public page's sanitiser, so the
 * preview is exactly what members will see. A read, so it is a query keyed by the text.
 */
export const useLegalPreview = (markdown: string) =>
  useQuery({
    queryKey: ['legal-preview', markdown],
    queryFn: ({ signal }) => apiRequest<{ html: string }>('POST', '/api/admin/legal/preview', { body: { markdown }, signal }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
