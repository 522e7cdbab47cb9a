import { useState } from 'react';
import { titleCase } from '#common/title-case.ts';
import { FileSearch, PenLine, ShieldQuestion } from 'lucide-react';
import { Link } from 'wouter';
import type { Card } from '#common/cards.ts';
import { certClaimOfferSchema, certClaimPaths, type CertClaimOffer } from '#common/cert-claims.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { ApiError } from '#web/lib/api.ts';
import { useCreateCard } from './api/create-card.ts';
import { CardForm } from './card-form.tsx';
import { emptyCardValues, valuesFromPsa, type CardFormValues } from './card-form-values.ts';
import { CertLookupForm } from './cert-lookup-form.tsx';
import { PsaCertSummary, type ShownPsaCert } from './psa-cert-summary.tsx';

type Step =
  | { kind: 'lookup' }
  | { kind: 'form'; values: Partial<CardFormValues>; cert?: ShownPsaCert }
  | { kind: 'taken'; offer: CertClaimOffer; message: string };

/** The offer to claim a certificate another member registered, from POST /api/cards' 409 (decision 130). */
export function claimOfferOf(err: unknown): { offer: CertClaimOffer; message: string } | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const body = err.body as { claim?: unknown; error?: unknown } | undefined;
  const offer = certClaimOfferSchema.safeParse(body?.claim);
  return offer.success ? { offer: offer.data, message: typeof body?.error === 'string' ? body.error : '' } : null;
}

/** "Already registered": the certificate is another member's; the member may claim it with photos of the slab. */
function CertificateTaken({ offer, message, onBack }: { offer: CertClaimOffer; message: string; onBack: () => void }) {
  return (
    <div className="grid gap-5" role="alert" data-testid="cert-taken">
      <div className="flex gap-3 rounded-lg border border-warning/40 bg-warning/10 p-4">
        <ShieldQuestion aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
        <div className="grid gap-1 text-sm">
          <p className="font-medium">
            {offer.grader} certificate {offer.certNumber} is already registered
          </p>
          <p className="text-muted-foreground">{message}</p>
          {offer.openClaimId ? (
            <p className="text-muted-foreground">You have already claimed it; our team is reviewing your photos.</p>
          ) : (
            <p className="text-muted-foreground">
              Send photos of the slab’s front and back. Our team compares them with the certificate and tells you both what they decide.
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
        {offer.openClaimId ? (
          <Button variant="outline" asChild>
            <Link href={certClaimPaths.mine}>
              <FileSearch aria-hidden="true" />
              See your claim
            </Link>
          </Button>
        ) : (
          <Button variant="crimson" asChild>
            <Link href={certClaimPaths.new(offer)}>
              <ShieldQuestion aria-hidden="true" />
              Claim this certificate
            </Link>
          </Button>
        )}
      </div>
    </div>
  );
}

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
  fromCert?: ShownPsaCert;
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
    let card: Card;
    try {
      card = await create.mutateAsync(input);
    } catch (err) {
      const taken = claimOfferOf(err);
      if (!taken) throw err;
      setStep({ kind: 'taken', ...taken });
      return;
    }
    toast({ title: 'Card added', description: `${card.year} ${titleCase(card.brand)} ${titleCase(card.subject)} is in your registry.` });
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
              : step.kind === 'taken'
                ? 'Someone else has registered this certificate.'
                : step.cert?.demo
                  ? 'Filled in from the demo’s sample certificate. Add your estimated value, check the details, and save.'
                  : step.cert
                    ? 'Filled in from PSA. Add your estimated value, check the details, and save.'
                    : 'Enter the card’s details as printed on its label.'}
          </DialogDescription>
        </DialogHeader>

        {step.kind === 'taken' ? (
          <CertificateTaken offer={step.offer} message={step.message} onBack={() => setStep(initial)} />
        ) : step.kind === 'lookup' ? (
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
            <Button variant="outline" onClick={() => setStep({ kind: 'form', values: { ...emptyCardValues, certNumber: lastCert } })}>
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
