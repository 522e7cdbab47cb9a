import { useEffect } from 'react';
import { NotFound } from '#web/components/not-found.tsx';

/** The fallback for any path that matches no page. */
export function NotFoundPage({ home = 'home' }: { home?: 'home' | 'dashboard' }) {
  useEffect(() => {
    document.title = 'Page not found';
  }, []);
  return <NotFound home={home} />;
}
