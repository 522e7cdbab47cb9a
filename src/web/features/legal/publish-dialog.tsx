import { useEffect, useId, useState } from 'react';
import { LEGAL_SUMMARY_MAX, legalMessages, type LegalSlug } from '#common/legal.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { legalLabels } from './legal-page.tsx';

/** Today in UTC as YYYY-MM-DD: effective dates are UTC days, as the server reads them. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

export interface PublishValues {
  effectiveOn: string;
  summary: string;
}

/** Asks for the effective date and a one-line summary; shows the server's field errors beside the fields. */
export function PublishDialog({
  open,
  slug,
  nextVersion,
  pending,
  onClose,
  onPublish,
}: {
  open: boolean;
  slug: LegalSlug;
  nextVersion: number;
  pending: boolean;
  onClose: () => void;
  /** Resolves with field errors to show (empty when done). */
  onPublish: (values: PublishValues) => Promise<Record<string, string>>;
}) {
  const id = useId();
  const [effectiveOn, setEffectiveOn] = useState(utcToday());
  const [summary, setSummary] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (open) setErrors({});
  }, [open]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(effectiveOn)) next.effectiveOn = legalMessages.effectiveDate;
    else if (effectiveOn < utcToday()) next.effectiveOn = legalMessages.effectiveInPast;
    if (summary.trim().length > LEGAL_SUMMARY_MAX) next.summary = legalMessages.summaryTooLong;
    setErrors(next);
    if (Object.keys(next).length) return;
    setErrors(await onPublish({ effectiveOn, summary: summary.trim() }));
  }

  const today = effectiveOn === utcToday();
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !pending && onClose()}>
      <DialogContent>
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>
              Publish {legalLabels[slug]}, version {nextVersion}
            </DialogTitle>
            <DialogDescription>
              {slug === 'terms'
                ? 'Once it takes effect, every member is asked to accept it at their next sign-in.'
                : 'Once it takes effect, the public page shows it.'}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-date`}>Effective date (UTC)</Label>
            <Input
              id={`${id}-date`}
              type="date"
              min={utcToday()}
              value={effectiveOn}
              onChange={(e) => setEffectiveOn(e.target.value)}
              aria-invalid={errors.effectiveOn ? true : undefined}
              aria-describedby={`${id}-date-hint${errors.effectiveOn ? ` ${id}-date-error` : ''}`}
            />
            <p id={`${id}-date-hint`} className="text-xs text-muted-foreground">
              {today ? 'Today: in force as soon as you publish.' : 'In force from the start of that day.'}
            </p>
            {errors.effectiveOn && (
              <p id={`${id}-date-error`} className="text-sm text-destructive">
                {errors.effectiveOn}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-summary`}>What changed (optional)</Label>
            <Input
              id={`${id}-summary`}
              value={summary}
              maxLength={LEGAL_SUMMARY_MAX + 50}
              onChange={(e) => setSummary(e.target.value)}
              placeholder="e.g. Clearer fees for consignment sales"
              aria-invalid={errors.summary ? true : undefined}
              aria-describedby={errors.summary ? `${id}-summary-error` : undefined}
            />
            {errors.summary && (
              <p id={`${id}-summary-error`} className="text-sm text-destructive">
                {errors.summary}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant="crimson" disabled={pending}>
              {pending && <Spinner />}
              Publish version {nextVersion}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
