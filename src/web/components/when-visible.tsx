import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once the spot comes within `margin` of the viewport, so a heavy section below
 * the fold (a chart and its library) does not compete with the page's first paint. Without
 * IntersectionObserver it renders at once.
 */
export function WhenVisible({ children, margin = '200px', minHeight = '16rem' }: { children: ReactNode; margin?: string; minHeight?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (shown || !ref.current) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setShown(true);
      },
      { rootMargin: margin },
    );
    io.observe(ref.current);
    return () => io.disconnect();
  }, [shown, margin]);
  return shown ? <>{children}</> : <div ref={ref} style={{ minHeight }} aria-hidden="true" />;
}
