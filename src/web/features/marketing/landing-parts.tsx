// Pieces the landing page's sections share.
import { type ReactNode } from 'react';
import { ArrowRight } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';

export interface LandingPageProps {
  /** Opens the access-request dialog. Without it, "Request access" jumps to "How access works". */
  onRequestAccess?: () => void;
}

export function RequestAccessButton({
  onRequestAccess,
  className,
  variant = 'crimson',
  children = 'Request access',
}: {
  onRequestAccess?: () => void;
  className?: string;
  variant?: 'crimson' | 'default' | 'outline';
  children?: ReactNode;
}) {
  if (onRequestAccess) {
    return (
      <Button size="lg" variant={variant} data-action="request-access" onClick={onRequestAccess} className={className}>
        {children}
        <ArrowRight aria-hidden="true" />
      </Button>
    );
  }
  return (
    <Button size="lg" variant={variant} asChild className={className}>
      <a href="#how-it-works" data-action="request-access">
        {children}
        <ArrowRight aria-hidden="true" />
      </a>
    </Button>
  );
}

export function Eyebrow({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={cn('flex items-center gap-2.5 text-xs font-medium uppercase tracking-[0.2em]', className)}>
      <span className="size-1.5 rounded-full bg-current" aria-hidden="true" />
      {children}
    </p>
  );
}

/* ---------------------------------------------------------------- Hero */
