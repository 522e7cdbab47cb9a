import type { ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';

/** The dashed box a list shows when it has nothing to show, or a page whose record is not found. */
export function EmptyState({
  title,
  description,
  action,
  className,
  notFound = false,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** It stands for a record the address names and the API does not have for this viewer (a 404). */
  notFound?: boolean;
}) {
  return (
    <div className={cn('rounded-xl border border-dashed bg-card px-6 py-14 text-center', className)} data-testid={notFound ? 'not-found' : undefined}>
      <p className="font-medium">{title}</p>
      {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      {action && <div className="mt-4 flex justify-center">{action}</div>}
    </div>
  );
}
