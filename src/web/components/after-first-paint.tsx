import { Suspense, type ReactNode } from 'react';
import { useContentReady } from '#web/lib/content-ready.ts';

/**
 * Renders its children (typically lazy) once the page is on screen, so their code and data do not
 * hold up its first paint.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready] = useContentReady();
  return ready ? <Suspense fallback={null}>{children}</Suspense> : null;
}
