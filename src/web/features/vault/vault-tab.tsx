import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from 'zod';
import { custodyLabels } from '#common/cards.ts';
import { createIntakeSchema, type Intake, type Outtake } from '#common/vault.ts';
import { RequestSection } from './request-section.tsx';
import { LoadError } from '#web/components/load-error.tsx';
import { Money } from '#web/components/money.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { formatDate } from '#web/lib/dates.ts';
import { useMyCards } from './api/get-my-cards.ts';
import { useMyVault } from './api/get-my-vault.ts';
import { useCancelIntake, useCancelOuttake, useCreateIntake } from './api/member-requests.ts';
import { CardPicker } from './card-picker.tsx';
import { OuttakeForm } from './outtake-form.tsx';
import { addressLines, intakeStatuses, outtakeStatuses } from './vault-status.ts';

/** /registry?tab=vault: the member's intakes and outtakes, and the forms to start one. */
export function VaultTab() {
  const vault = useMyVault();
  const cards = useMyCards();
  const [open, setOpen] = useState<'intake' | 'outtake' | null>(null);
  const free = (cards.data?.cards ?? []).filter((c) => c.hold === null);
  const data = vault.data;

  return (
    <section aria-labelledby="vault-title" className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="vault-title" className="font-display text-2xl font-medium">
            Vault
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
            Send cards to our vault to list or borrow against them, and ask for them back when you want them in hand.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="crimson" onClick={() => setOpen(open === 'intake' ? null : 'intake')} aria-expanded={open === 'intake'}>
            Send cards to the vault
          </Button>
          <Button variant="outline" onClick={() => setOpen(open === 'outtake' ? null : 'outtake')} aria-expanded={open === 'outtake'}>
            Request cards back
          </Button>
        </div>
      </div>

      {open === 'intake' && (
        <IntakeForm cards={free.filter((c) => c.custody === 'with_owner')} loading={cards.isPending} onDone={() => setOpen(null)} />
      )}
      {open === 'outtake' &&
        (data && cards.data ? (
          <OuttakeForm cards={free.filter((c) => c.custody === 'in_vault')} maxCards={data.maxCards} onDone={() => setOpen(null)} />
        ) : (
          <Skeleton className="h-40" />
        ))}

      {vault.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <span className="sr-only" role="status">
            Loading your vault
          </span>
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : vault.isError ? (
        <LoadError title="We couldn’t load your vault" onRetry={() => void vault.refetch()} retrying={vault.isFetching} />
      ) : data ? (
        <>
          <RequestSection
            title="Intakes"
            level={3}
            listLabel="Your intakes"
            empty={{ title: 'No intakes yet', description: 'Send cards to the vault: we confirm each one as it arrives.' }}
            items={data.intakes}
          >
            {(i) => <IntakeItem intake={i} />}
          </RequestSection>
          <RequestSection
            title="Outtakes"
            level={3}
            listLabel="Your outtakes"
            empty={{ title: 'No outtakes yet', description: 'Ask for vaulted cards back: we ship them once the fee is paid.' }}
            items={data.outtakes}
          >
            {(o) => <OuttakeItem outtake={o} />}
          </RequestSection>
        </>
      ) : null}
    </section>
  );
}

const intakeFormSchema = z.object({ cardIds: createIntakeSchema.shape.cardIds });
type IntakeFormValues = z.infer<typeof intakeFormSchema>;

function IntakeForm({ cards, loading, onDone }: { cards: Parameters<typeof CardPicker>[0]['cards']; loading: boolean; onDone: () => void }) {
  const create = useCreateIntake();
  const form = useForm<IntakeFormValues>({ resolver: zodResolver(intakeFormSchema), defaultValues: { cardIds: [] } });
  const error = form.formState.errors.cardIds?.message ?? form.formState.errors.root?.message;
  const submit = form.handleSubmit(async ({ cardIds }) => {
    try {
      const intake = await create.mutateAsync(cardIds);
      toast({ title: `Intake ${intake.number} requested`, description: 'Ship your cards to the address shown, with the intake number.' });
      onDone();
    } catch (err) {
      form.setError('root', { message: errorMessage(err, 'The request could not be sent. Please try again.') });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6" aria-labelledby="intake-title">
      <h3 id="intake-title" className="font-display text-lg font-medium">
        Send cards to the vault
      </h3>
      {loading ? (
        <Skeleton className="h-24" />
      ) : (
        <Controller
          control={form.control}
          name="cardIds"
          render={({ field }) => (
            <CardPicker
              legend="Cards with you to send"
              cards={cards}
              selected={field.value}
              onChange={field.onChange}
              empty="None of your cards is free and with you."
            />
          )}
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="crimson" disabled={create.isPending}>
          Request intake
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function IntakeItem({ intake }: { intake: Intake }) {
  const cancel = useCancelIntake();
  const waiting = intake.status === 'awaiting_arrival' || intake.status === 'partially_received';
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4" data-testid="vault-intake">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          Intake <span className="tabular">{intake.number}</span>
        </p>
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          <span>{formatDate(intake.createdAt)}</span>
          <StatusBadge status={intake.status} map={intakeStatuses} />
        </div>
      </div>
      <ul className="grid gap-1 text-sm">
        {intake.items.map((c) => (
          <li key={c.cardId} className="flex flex-wrap justify-between gap-x-3">
            <Link href={`/registry/${c.cardId}`} className="min-w-0 break-words underline-offset-4 hover:underline">
              {c.title}
            </Link>
            <span className="text-muted-foreground">
              {c.receivedAt ? `${custodyLabels[c.custody]} · received ${formatDate(c.receivedAt)}` : 'Awaiting arrival'}
            </span>
          </li>
        ))}
      </ul>
      {waiting && (
        <div className="rounded-lg bg-muted/60 p-3 text-sm">
          <p className="font-medium">Ship to</p>
          <address className="not-italic text-muted-foreground">
            {addressLines(intake.shippingAddress).map((l) => (
              <span key={l} className="block">
                {l}
              </span>
            ))}
          </address>
          <p className="mt-1 text-muted-foreground">Write {intake.number} on the parcel.</p>
        </div>
      )}
      {intake.status === 'awaiting_arrival' && (
        <div>
          <Button
            variant="ghost"
            size="sm"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(intake.id, {
                onSuccess: () => toast({ title: `Intake ${intake.number} cancelled` }),
                onError: (err) => toast({ title: 'Not cancelled', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
              })
            }
          >
            Cancel intake
          </Button>
        </div>
      )}
    </li>
  );
}

function OuttakeItem({ outtake }: { outtake: Outtake }) {
  const cancel = useCancelOuttake();
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4" data-testid="vault-outtake">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          Outtake <span className="tabular">{outtake.number}</span>
        </p>
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          <span>{formatDate(outtake.createdAt)}</span>
          <StatusBadge status={outtake.status} map={outtakeStatuses} />
        </div>
      </div>
      <ul className="grid gap-1 text-sm">
        {outtake.items.map((c) => (
          <li key={c.cardId} className="flex flex-wrap justify-between gap-x-3">
            <Link href={`/registry/${c.cardId}`} className="min-w-0 break-words underline-offset-4 hover:underline">
              {c.title}
            </Link>
            <span className="text-muted-foreground">
              {custodyLabels[c.custody]} · fee <Money cents={c.feeCents} />
            </span>
          </li>
        ))}
      </ul>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="text-muted-foreground">Fee</dt>
        <dd>
          <Money cents={outtake.feeCents} />
          {outtake.paidAt ? ` · paid ${formatDate(outtake.paidAt)}` : ''}
        </dd>
        <dt className="text-muted-foreground">Ship to</dt>
        <dd className="break-words">{addressLines(outtake.address).join(', ')}</dd>
        {outtake.trackingNumber && (
          <>
            <dt className="text-muted-foreground">Tracking</dt>
            <dd className="break-all">
              {outtake.carrier} {outtake.trackingNumber}
            </dd>
          </>
        )}
      </dl>
      {outtake.status === 'awaiting_payment' && (
        <div className="flex flex-wrap gap-2">
          {outtake.invoiceId && (
            <Button variant="crimson" size="sm" asChild>
              <Link href={`/checkout?invoice=${encodeURIComponent(outtake.invoiceId)}`}>Pay the fee</Link>
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(outtake.id, {
                onSuccess: () => toast({ title: `Outtake ${outtake.number} cancelled` }),
                onError: (err) => toast({ title: 'Not cancelled', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
              })
            }
          >
            Cancel outtake
          </Button>
        </div>
      )}
    </li>
  );
}
