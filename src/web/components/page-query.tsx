import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from '#web/components/load-error.tsx';
import { NotFound } from '#web/components/not-found.tsx';
import { ApiError } from '#web/lib/api.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { cn } from '#web/lib/utils.ts';

/**
 * A page whose body is one read: skeleton blocks announced as `loadingLabel` while it loads, the
 * calm error with Retry when it fails, then `children(data)`. A record that is not there, or not the
 * viewer's (the API answers 404, or 400 for an id that cannot be one), is not found: retrying
 * would not help, and nothing went wrong on our side.
 */
export function PageQuery<T>({
  query,
  loadingLabel,
  errorTitle,
  skeletons = ['h-72', 'h-72'],
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorTitle: string;
  /** Height classes of the skeleton blocks, top to bottom. */
  skeletons?: readonly string[];
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <span className="sr-only" role="status">
          {loadingLabel}
        </span>
        {skeletons.map((h, i) => (
          <Skeleton key={i} className={cn(h, 'w-full rounded-xl')} />
        ))}
      </div>
    );
  }
  if (query.isError && query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
    return <NotFound home="dashboard" inPage />;
  }
  if (query.isError) return <LoadError title={errorTitle} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <>{children(query.data)}</>;
}
