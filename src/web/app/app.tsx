import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { queryClient } from '#web/lib/query-client.ts';
import { useLiveConnection } from '#web/lib/live/live-connection.tsx';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { TooltipProvider } from '#web/components/ui/tooltip.tsx';
import { useCurrentUser } from '#web/features/auth/current-user.ts';
import { SignInDialogHost } from '#web/features/auth/sign-in-dialog-host.tsx';
import { RequestAccessDialogHost } from '#web/features/access-requests/get-access-button.tsx';
import { AppRouter } from './router.tsx';
import { usePageViews } from './page-views.ts';

function PageViews() {
  usePageViews();
  return null;
}

/** One live connection while someone is signed in (spec §7). */
function LiveConnection() {
  const { data: user } = useCurrentUser();
  useLiveConnection(user?.id ?? null);
  return null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <Router>
          <PageViews />
          <LiveConnection />
          <AppRouter />
          <SignInDialogHost />
          <RequestAccessDialogHost />
        </Router>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
