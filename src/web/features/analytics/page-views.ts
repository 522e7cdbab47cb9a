import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { MeResponse } from '#common/auth.ts';
import { authKeys } from '#web/features/auth/api/keys.ts';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { getCredentials } from '#web/lib/credentials.ts';
import { recordPageView } from './api/record-page-view.ts';

// The path last seen: the first view is sent before React renders when it is known who is looking
// (recordFirstPageView), the rest as the path changes.
let lastPath: string | null = null;

/**
 * The product counts a view as soon as the page's script runs, before the first render, so a
 * visitor who leaves within a second is still counted (decision 126). That needs to know the
 * viewer: a visitor without credentials, or the signed-in user the page came with. An admin
 * viewing as a member is not the member's traffic (and an impersonated session cannot write).
 */
export function recordFirstPageView(queryClient: QueryClient) {
  if (lastPath !== null) return;
  const signedIn = getCredentials() !== null;
  const user = queryClient.getQueryData<MeResponse | null>(authKeys.me);
  if (signedIn && !user) return; // not known yet: usePageViews sends it once /api/auth/me answers
  lastPath = window.location.pathname;
  if (user?.isImpersonated) return;
  void recordPageView(lastPath, document.referrer || undefined);
}

/** Every later path change is recorded first-party (and reported to GA when that is configured). */
export function usePageViews() {
  const [location] = useLocation();
  const me = useCurrentUser();
  const known = !me.isPending;
  const impersonated = me.data?.isImpersonated === true;
  useEffect(() => {
    if (!known || lastPath === location) return;
    const referrer = lastPath === null ? document.referrer : `${window.location.origin}${lastPath}`;
    lastPath = location;
    if (impersonated) return;
    void recordPageView(location, referrer || undefined);
    window.gtag?.('event', 'page_view', { page_path: location });
  }, [location, known, impersonated]);
}
