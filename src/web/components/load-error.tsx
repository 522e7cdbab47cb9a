import type { ReactNode } from 'react';
import { RotateCw } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/utils.ts';

export const LOAD_ERROR_DESCRIPTION = 'Something went wrong on our side. Nothing you entered was lost; please try again in a moment.';

/**
 * What a page shows when a load fails: a calm title and Retry, never the raw error (such as
 * `500: boom`), which stays in the query's error for logs and tests.
 */
export function LoadError({
  title,
  description = LOAD_ERROR_DESCRIPTION,
  onRetry,
  retrying = false,
  action,
  className,
}: {
  /** e.g. "We couldn't load your profile". */
  title: ReactNode;
  description?: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
  /** A second way out, such as a link back to the dashboard. */
  action?: ReactNode;
  className?: string;
}) {
  return (
    <Card role="alert" className={cn('mx-auto w-full max-w-lg', className)}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardFooter className="flex-wrap gap-2">
        <Button variant="crimson" onClick={onRetry} disabled={retrying}>
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
        {action}
      </CardFooter>
    </Card>
  );
}
