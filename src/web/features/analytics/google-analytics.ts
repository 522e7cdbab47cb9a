import { useEffect } from 'react';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { usePublicConfig } from '#web/features/public-config/api/get-public-config.ts';

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
  window.gtag('event', 'page_view', { page_path: window.location.pathname });
}

/** Loads GA after the first paint when configured; path changes then reach it through usePageViews. */
export function useGoogleAnalytics() {
  const { data: config } = usePublicConfig();
  const impersonated = useCurrentUser().data?.isImpersonated === true;
  useEffect(() => {
    if (config?.gaMeasurementId && !impersonated) loadGoogleAnalytics(config.gaMeasurementId);
  }, [config?.gaMeasurementId, impersonated]);
}
