import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { queryClient } from '#web/lib/query-client.ts';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { TooltipProvider } from '#web/components/ui/tooltip.tsx';
import { AppRouter } from './router.tsx';
import { usePageViews } from './page-views.ts';

function PageViews() {
  usePageViews();
  return null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <Router>
          <PageViews />
          <AppRouter />
        </Router>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
