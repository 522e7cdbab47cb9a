import { apiRequest } from '#web/lib/api.ts';

/** POST /api/analytics/page-view: first-party page views; a failure is silent. */
export const recordPageView = (path: string, referrer: string | undefined) =>
  apiRequest('POST', '/api/analytics/page-view', { body: { path, referrer } }).catch(() => {});
