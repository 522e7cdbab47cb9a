import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { usePublicConfig } from '#web/features/public-config/api/get-public-config.ts';
import { recordPageView } from './api/record-page-view.ts';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** Google Analytics is loaded only when the server is configured with a measurement id. */
function loadGoogleAnalytics(id: string) {
  if (window.gtag) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = (...args: unknown[]) => window.dataLayer!.push(args);
  window.gtag('js', new Date());
  window.gtag('config', id, { send_page_view: false });
}

/**
 * Every path change is recorded first-party, and sent to GA when configured. Failures are silent.
 * An admin viewing as a member is not the member's traffic (and an impersonated session cannot
 * write), so nothing is recorded then; the first view waits until it is known who is signed in.
 */
export function usePageViews() {
  const [location] = useLocation();
  const { data: config } = usePublicConfig();
  const me = useCurrentUser();
  const known = !me.isPending;
  const impersonated = me.data?.isImpersonated === true;
  const last = useRef<string | null>(null);

  useEffect(() => {
    if (config?.gaMeasurementId) loadGoogleAnalytics(config.gaMeasurementId);
  }, [config?.gaMeasurementId]);

  useEffect(() => {
    if (!known || last.current === location) return;
    const referrer = last.current === null ? document.referrer : `${window.location.origin}${last.current}`;
    last.current = location;
    if (impersonated) return;
    void recordPageView(location, referrer || undefined);
    window.gtag?.('event', 'page_view', { page_path: location });
  }, [location, known, impersonated]);
}
