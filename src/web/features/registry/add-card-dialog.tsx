import { useState } from 'react';
import { PenLine } from 'lucide-react';
import type { Card, PsaCert } from '#common/cards.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { useCreateCard } from './api/create-card.ts';
import { CardForm } from './card-form.tsx';
import { emptyCardValues, valuesFromPsa, type CardFormValues } from './card-form-values.ts';
import { CertLookupForm } from './cert-lookup-form.tsx';
import { PsaCertSummary } from './psa-cert-summary.tsx';

type Step = { kind: 'lookup' } | { kind: 'form'; values: Partial<CardFormValues>; cert?: PsaCert };

/**
 * Adding a card: a PSA certificate number fills the form from PSA's record; "Enter by hand"
 * opens the empty form (also when PSA is not configured or does not know the number).
 */
export function AddCardDialog({
  open,
  onOpenChange,
  fromCert,
  byHand,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Start at the form, prefilled from this PSA record. */
  fromCert?: PsaCert;
  /** Start at the empty form with this certificate number (PSA had no record). */
  byHand?: string;
  onAdded?: (card: Card) => void;
}) {
  const initial: Step = fromCert
    ? { kind: 'form', values: valuesFromPsa(fromCert), cert: fromCert }
    : byHand !== undefined
      ? { kind: 'form', values: { ...emptyCardValues, certNumber: byHand } }
      : { kind: 'lookup' };
  const startsAtForm = initial.kind === 'form';
  const [step, setStep] = useState<Step>(initial);
  const [lastCert, setLastCert] = useState('');
  const create = useCreateCard();

  const change = (next: boolean) => {
    if (!next) setStep(initial);
    onOpenChange(next);
  };

  const save = async (input: Parameters<typeof create.mutateAsync>[0]) => {
    const card = await create.mutateAsync(input);
    toast({ title: 'Card added', description: `${card.year} ${card.brand} ${card.subject} is in your registry.` });
    change(false);
    onAdded?.(card);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add a card</DialogTitle>
          <DialogDescription>
            {step.kind === 'lookup'
              ? 'Type the certificate number from the slab’s label and we fill in the rest from PSA.'
              : step.cert
                ? 'Filled in from PSA. Add your estimated value, check the details, and save.'
                : 'Enter the card’s details as printed on its label.'}
          </DialogDescription>
        </DialogHeader>

        {step.kind === 'lookup' ? (
          <div className="grid gap-5">
            <CertLookupForm
              autoFocus
              defaultValue={lastCert}
              onFound={(cert) => {
                setLastCert(cert.certNumber);
                setStep({ kind: 'form', values: valuesFromPsa(cert), cert });
              }}
              onProblem={(_p, certNumber) => setLastCert(certNumber)}
            />
            <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
              <span className="h-px flex-1 bg-border" />
              or
              <span className="h-px flex-1 bg-border" />
            </div>
            <Button
              variant="outline"
              onClick={() => setStep({ kind: 'form', values: { ...emptyCardValues, certNumber: lastCert } })}
            >
              <PenLine aria-hidden="true" />
              Enter by hand
            </Button>
          </div>
        ) : (
          <div className="grid gap-6">
            {step.cert && <PsaCertSummary cert={step.cert} compact />}
            <CardForm
              defaultValues={step.values}
              onSubmit={save}
              source={step.cert ? 'psa' : 'manual'}
              submitLabel="Add to registry"
              onCancel={startsAtForm ? () => change(false) : () => setStep({ kind: 'lookup' })}
              cancelLabel={startsAtForm ? 'Cancel' : 'Back'}
              autoFocusField={step.cert ? 'estimatedValue' : 'grader'}
            />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
