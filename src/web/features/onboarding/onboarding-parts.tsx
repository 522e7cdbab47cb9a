// The onboarding page's shared pieces: the step list, the stepper and the step card.
import { type ReactNode } from 'react';
import { onboardingStatuses, onboardingSteps, type OnboardingStatus } from '#common/onboarding.ts';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';

/** The client-facing steps (the invitation itself is step 0). */
export const STEPS = onboardingStatuses.filter((s) => s !== 'pending_invitation');

export function failed(err: unknown) {
  toast({ variant: 'destructive', title: 'Could not continue', description: errorMessage(err, 'Please try again.') });
}

export function Stepper({ status }: { status: OnboardingStatus }) {
  const current = onboardingStatuses.indexOf(status);
  return (
    <ol className="grid grid-cols-6 gap-1.5 sm:gap-2" aria-label="Onboarding steps">
      {STEPS.map((s, i) => {
        const index = onboardingStatuses.indexOf(s);
        const done = index < current || status === 'active';
        const here = index === current && status !== 'active';
        return (
          <li key={s} className="min-w-0" aria-current={here ? 'step' : undefined}>
            <div className={cn('h-1 rounded-full', done ? 'bg-crimson' : here ? 'bg-crimson/50' : 'bg-zinc-200')} />
            <p
              className={cn(
                'mt-2 hidden text-xs leading-tight sm:block',
                here ? 'font-medium text-foreground' : done ? 'text-foreground/70' : 'text-muted-foreground',
              )}
            >
              <span className="tabular mr-1 text-muted-foreground">{i + 1}.</span>
              {onboardingSteps[s].label}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

export function StepCard({
  step,
  title,
  description,
  children,
  footer,
}: {
  step: number;
  title: string;
  description: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card data-testid="onboarding-step">
      <CardHeader>
        <p className="text-xs font-medium uppercase tracking-[0.18em] text-crimson">Step {step} of 6</p>
        <CardTitle className="font-display text-2xl font-medium">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
      {footer && <CardFooter className="flex flex-col-reverse gap-2 border-t pt-6 sm:flex-row sm:justify-end">{footer}</CardFooter>}
    </Card>
  );
}
