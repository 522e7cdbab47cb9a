import { useState } from 'react';
import type { RebalanceResponse } from '#common/market-index.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useRebalance } from './api/rebalance-index.ts';

const num = (v: number | null) => (v == null ? '—' : v.toPrecision(8));

/** A review published today: preview who enters and leaves and the divisor change, then publish. */
export function RebalancePanel() {
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<RebalanceResponse | null>(null);
  const mutation = useRebalance();
  const run = (dryRun: boolean) =>
    mutation.mutate(
      { reason, dryRun },
      {
        onSuccess: (r) => {
          setPreview(dryRun ? r : null);
          if (!dryRun) {
            setReason('');
            toast({ title: 'Review published', description: 'The divisor log has the new entry.' });
          }
        },
        onError: (err) =>
          toast({ variant: 'destructive', title: 'Review failed', description: errorMessage(err, 'The review could not be published') }),
      },
    );
  const changes = preview && preview.newDivisor != null;
  return (
    <section className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6">
      <h2 className="text-lg font-semibold">Rebalance</h2>
      <p className="text-sm text-muted-foreground">Reviews eligibility today. Monthly reviews happen on the 1st without anyone doing anything.</p>
      <label className="grid gap-1 text-sm font-medium">
        Reason (public, in the divisor log)
        <Input value={reason} onChange={(e) => (setReason(e.target.value), setPreview(null))} placeholder="e.g. New rookie cards qualify" />
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" disabled={reason.trim().length < 3 || mutation.isPending} onClick={() => run(true)}>
          Preview
        </Button>
        <Button type="button" disabled={!changes || mutation.isPending} onClick={() => run(false)}>
          Publish review
        </Button>
      </div>
      {preview && (
        <div data-testid="rebalance-preview" className="grid gap-1 rounded-lg border bg-muted/30 p-3 text-sm">
          {changes ? (
            <>
              <p>
                Divisor {num(preview.oldDivisor)} → {num(preview.newDivisor)} · level stays {preview.level?.toFixed(2)}
              </p>
              <p>In: {preview.added.map((a) => a.name).join('; ') || '—'}</p>
              <p>Out: {preview.removed.map((a) => a.name).join('; ') || '—'}</p>
            </>
          ) : (
            <p>Nothing would change: the members and weights stay as they are.</p>
          )}
        </div>
      )}
    </section>
  );
}
