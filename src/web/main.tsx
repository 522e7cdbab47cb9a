import '#common/zod-config.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import '@fontsource-variable/fraunces';
import './styles.css';
import { App } from './app/app.tsx';
import { loadFirstRoute } from './app/router.tsx';
import { seedCurrentUser } from './features/auth/page-session.ts';
import { seedPublicConfig } from './features/public-config/api/page-config.ts';
import { queryClient } from './lib/query-client.ts';
import { recordFirstPageView } from './features/analytics/page-views.ts';

// A signed-in page comes with its user (decision 125): the shell renders without a round trip.
seedCurrentUser(queryClient);
// So is the public config on every page: the test-payments banner is there at the first paint.
seedPublicConfig(queryClient);
// The visit counts now, not after the first paint: a visitor who leaves at once is still a view.
recordFirstPageView(queryClient);

// The first page paints as itself, not as a spinner: its layout and page chunks (already on their
// way through the HTML's modulepreload links) load before the first render, for at most a moment.
// (A promise, not a top-level await, which would change how the whole app is chunked.)
const FIRST_ROUTE_WAIT_MS = 1_000;
// Rendered as a transition, so React renders the first page in slices that leave the main thread
// free between them (on a slow phone one pass over the shell and page is a long task).
void Promise.race([loadFirstRoute(), new Promise((resolve) => setTimeout(resolve, FIRST_ROUTE_WAIT_MS))]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
