import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#common/public-config.ts';
import { apiRequest } from '#web/lib/api.ts';

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

/** Every path change is recorded first-party, and sent to GA when configured. Failures are silent. */
export function usePageViews() {
  const [location] = useLocation();
  const { data: config } = useQuery<PublicConfig>({ queryKey: ['/api/public-config'], staleTime: Infinity });
  const last = useRef<string | null>(null);

  useEffect(() => {
    if (config?.gaMeasurementId) loadGoogleAnalytics(config.gaMeasurementId);
  }, [config?.gaMeasurementId]);

  useEffect(() => {
    if (last.current === location) return;
    const referrer = last.current === null ? document.referrer : `${window.location.origin}${last.current}`;
    last.current = location;
    apiRequest('POST', '/api/analytics/page-view', { body: { path: location, referrer: referrer || undefined } }).catch(
      () => {},
    );
    window.gtag?.('event', 'page_view', { page_path: location });
  }, [location]);
}
