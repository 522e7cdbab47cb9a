import { lazy, Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { queryClient } from '#web/lib/query-client.ts';
import { useToast } from '#web/hooks/use-toast.ts';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { SignInDialogHost } from '#web/features/auth/sign-in-dialog-host.tsx';
import { RequestAccessDialogHost } from '#web/features/access-requests/get-access-button.tsx';
import { AppRouter, useMatchedRoute } from './router.tsx';
import { AfterFirstPaint } from '#web/components/after-first-paint.tsx';
import { usePageViews } from '#web/features/analytics/page-views.ts';
import { TestPaymentsBanner } from '#web/features/public-config/components/test-payments-banner.tsx';

const Toaster = lazy(() => import('#web/components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })));

/** The toast region loads with the first toast, so its code is not part of a visitor's first download. */
function ToasterHost() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  // A focused task page keeps its action buttons bottom right: toasts go to the top there.
  const { route } = useMatchedRoute();
  if (toasts.length > 0 && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster placement={route?.layout === 'focused' ? 'top' : 'corner'} />
    </Suspense>
  );
}

// Google Analytics (when configured) loads after the first paint; first-party page views do not
// wait for it (decision 126).
const GoogleAnalytics = lazy(() =>
  import('#web/features/analytics/google-analytics.ts').then((m) => ({
    default: function GoogleAnalytics() {
      m.useGoogleAnalytics();
      return null;
    },
  })),
);

function PageViews() {
  usePageViews();
  return (
    <AfterFirstPaint>
      <GoogleAnalytics />
    </AfterFirstPaint>
  );
}

const loadRefreshMap = () => import('./live-refresh.ts').then((m) => m.refreshKeysByEvent);

// Only a signed-in browser keeps a live connection, so a visitor's download carries none of it.
const LiveConnectionFor = lazy(() =>
  import('#web/lib/live/live-connection.tsx').then((m) => ({
    default: function LiveConnectionFor({ userId }: { userId: string }) {
      m.useLiveConnection(userId, loadRefreshMap);
      return null;
    },
  })),
);

/** One live connection while someone is signed in (spec §7). */
function LiveConnection() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <LiveConnectionFor userId={user.id} />
    </Suspense>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Router>
        <PageViews />
        <LiveConnection />
        <TestPaymentsBanner />
        <AppRouter />
        <SignInDialogHost />
        <RequestAccessDialogHost />
        <ToasterHost />
      </Router>
    </QueryClientProvider>
  );
}
