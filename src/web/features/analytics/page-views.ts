import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { recordPageView } from './api/record-page-view.ts';

// The path last recorded: the first view is sent before React renders (recordFirstPageView), the
// rest as the path changes.
let lastPath: string | null = null;

/**
 * The product counts a view as soon as the page's script runs, before the first render, so a
 * visitor who leaves within a second is still counted (decision 126).
 */
export function recordFirstPageView() {
  if (lastPath !== null) return;
  lastPath = window.location.pathname;
  void recordPageView(lastPath, document.referrer || undefined);
}

/** Every later path change is recorded first-party (and reported to GA when that is configured). */
export function usePageViews() {
  const [location] = useLocation();
  useEffect(() => {
    if (lastPath === location) return;
    const referrer = lastPath === null ? document.referrer : `${window.location.origin}${lastPath}`;
    lastPath = location;
    void recordPageView(location, referrer || undefined);
    window.gtag?.('event', 'page_view', { page_path: location });
  }, [location]);
}
