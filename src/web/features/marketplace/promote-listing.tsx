import { useId, useState } from 'react';
import { Megaphone } from 'lucide-react';
import { PROMOTION_DAYS_MAX } from '#common/marketplace.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useCreatePromotionRequest } from './api/create-promotion-request.ts';

/** The seller asks for the listing to be featured (first on /secure) for a number of days. */
export function PromoteListing({ listingId }: { listingId: string }) {
  const id = useId();
  const create = useCreatePromotionRequest();
  const [days, setDays] = useState('7');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const n = Number(days);
    if (!Number.isInteger(n) || n < 1 || n > PROMOTION_DAYS_MAX) return setProblem(`Choose between 1 and ${PROMOTION_DAYS_MAX} days`);
    setProblem(null);
    create.mutate(
      { listingId, days: n },
      {
        onSuccess: () => toast({ title: 'Promotion requested', description: 'We will review it shortly.' }),
        onError: (err) => setProblem(errorMessage(err, 'The request could not be sent. Please try again.')),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-2 rounded-xl border p-4" noValidate>
      <p className="text-sm font-medium">Feature this listing</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <label htmlFor={id} className="text-xs text-muted-foreground">
            Days
          </label>
          <Input
            id={id}
            inputMode="numeric"
            className="w-24"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            aria-invalid={!!problem}
            aria-describedby={problem ? `${id}-error` : undefined}
          />
        </div>
        <Button type="submit" variant="outline" disabled={create.isPending}>
          <Megaphone aria-hidden="true" />
          Request promotion
        </Button>
      </div>
      {problem && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </form>
  );
}
