import { apiRequest } from '#web/lib/api.ts';

/**
 * POST /api/analytics/page-view: first-party page views; a failure is silent. Sent with keepalive,
 * so a visitor who leaves at once is still counted.
 */
export const recordPageView = (path: string, referrer: string | undefined) =>
  apiRequest('POST', '/api/analytics/page-view', { body: { path, referrer }, keepalive: true }).catch(() => {});
