import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

/** A neutral placeholder block shown while content loads. Decorative: pair it with a status message. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="skeleton" aria-hidden="true" className={cn('animate-pulse rounded-md bg-zinc-200/70', className)} {...props} />;
}
