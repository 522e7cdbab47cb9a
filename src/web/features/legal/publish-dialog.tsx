import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { LEGAL_SUMMARY_MAX, legalMessages, legalPublishInputSchema, type LegalSlug } from '#common/legal.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { parseDateOnly } from '#web/lib/dates.ts';
import { legalLabels } from './legal-page.tsx';

/** Today in UTC as YYYY-MM-DD: effective dates are UTC days, as the server reads them. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

export interface PublishValues {
  effectiveOn: string;
  summary: string;
}

// The server's rules for the two fields, and the one it can only say after the fact: not in the past.
const publishSchema = z.object({
  effectiveOn: z
    .string()
    .transform((t, ctx) => parseDateOnly(t) ?? (ctx.addIssue({ code: 'custom', message: legalMessages.effectiveDate }), z.NEVER))
    .refine((d) => d >= utcToday(), legalMessages.effectiveInPast),
  summary: legalPublishInputSchema.shape.summary.unwrap().unwrap(),
});
type PublishInput = z.input<typeof publishSchema>;

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
  const form = useForm<PublishInput, unknown, PublishValues>({
    resolver: zodResolver(publishSchema),
    defaultValues: { effectiveOn: utcToday(), summary: '' },
  });
  const { clearErrors } = form;
  useEffect(() => {
    if (open) clearErrors();
  }, [open, clearErrors]);

  const submit = form.handleSubmit(async (values) => {
    const errors = await onPublish(values);
    for (const field of ['effectiveOn', 'summary'] as const) if (errors[field]) form.setError(field, { message: errors[field] });
  });

  const today = form.watch('effectiveOn') === utcToday();
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
          <FormField
            control={form.control}
            name="effectiveOn"
            label="Effective date (UTC)"
            description={today ? 'Today: in force as soon as you publish.' : 'In force from the start of that day.'}
          >
            <Input type="date" min={utcToday()} {...form.register('effectiveOn')} />
          </FormField>
          <FormField control={form.control} name="summary" label="What changed (optional)">
            <Input maxLength={LEGAL_SUMMARY_MAX + 50} placeholder="e.g. Clearer fees for consignment sales" {...form.register('summary')} />
          </FormField>
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
