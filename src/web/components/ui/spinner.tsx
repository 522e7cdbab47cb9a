import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '#web/lib/utils.ts';

const spinnerVariants = cva('animate-spin', {
  variants: {
    size: {
      sm: 'size-4',
      default: 'size-6',
      lg: 'size-10',
    },
  },
  defaultVariants: { size: 'default' },
});

export interface SpinnerProps extends Omit<ComponentProps<'span'>, 'children'>, VariantProps<typeof spinnerVariants> {
  /** What is loading, read by screen readers. */
  label?: string;
}

/** An accessible loading indicator: a live status region with a visually hidden label. */
export function Spinner({ className, size, label = 'Loading', ...props }: SpinnerProps) {
  return (
    <span role="status" data-slot="spinner" className={cn('inline-flex items-center justify-center', className)} {...props}>
      <svg className={spinnerVariants({ size })} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.18" strokeWidth="2.5" />
        <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}

export interface PageSpinnerProps {
  label?: string;
  /** Fill the whole viewport (e.g. while authentication loads) instead of the page area. */
  fullScreen?: boolean;
  className?: string;
}

/** A centred spinner for a page (or the whole screen) that is still loading. */
export function PageSpinner({ label = 'Loading', fullScreen = false, className }: PageSpinnerProps) {
  return (
    <div
      data-slot="page-spinner"
      className={cn('flex w-full items-center justify-center text-crimson', fullScreen ? 'min-h-dvh' : 'min-h-[60vh]', className)}
    >
      <Spinner size="lg" label={label} />
    </div>
  );
}
