import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { shipOuttakeSchema, type Intake, type Outtake, type ShipOuttakeInput } from '#common/vault.ts';
import { RequestSection } from './request-section.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { LoadError } from '#web/components/load-error.tsx';
import { Money } from '#web/components/money.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { parseMoneyInput } from '#web/lib/amounts.ts';
import { errorMessage } from '#web/lib/api.ts';
import { formatDate } from '#web/lib/dates.ts';
import { applyServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useAdminVault, useDeliverOuttake, useReceiveCard, useShipOuttake } from './api/admin-vault.ts';
import { addressLines, intakeStatuses, outtakeStatuses } from './vault-status.ts';

/** /admin/vault: the vault team's queues. Receive intakes card by card; ship paid outtakes; mark them delivered. */
export default function AdminVaultPage() {
  const query = useAdminVault();
  const data = query.data;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Vault"
        title="Intakes and outtakes"
        description="Receive members’ cards card by card with their appraisal, and ship cards back once the fee is paid."
      />
      {query.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <span className="sr-only" role="status">
            Loading the vault queues
          </span>
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : query.isError ? (
        <LoadError title="We couldn’t load the vault queues" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : data ? (
        <>
          <RequestSection
            title="Intakes"
            level={2}
            listLabel="Intakes"
            empty={{ title: 'No intakes', description: 'Members’ cards on their way to the vault show here.' }}
            items={data.intakes}
          >
            {(i) => <AdminIntake intake={i} />}
          </RequestSection>
          <RequestSection
            title="Outtakes"
            level={2}
            listLabel="Outtakes"
            empty={{ title: 'No outtakes', description: 'Cards members asked back show here.' }}
            items={data.outtakes}
          >
            {(o) => <AdminOuttake outtake={o} />}
          </RequestSection>
        </>
      ) : null}
    </div>
  );
}

function Header({
  label,
  number,
  owner,
  date,
  badge,
}: {
  label: string;
  number: string;
  owner: string | null;
  date: string;
  badge: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="font-medium">
        {label} <span className="tabular">{number}</span>
        <span className="font-normal text-muted-foreground"> · {owner ?? 'A member'}</span>
      </p>
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <span>{formatDate(date)}</span>
        {badge}
      </div>
    </div>
  );
}

function AdminIntake({ intake }: { intake: Intake }) {
  const open = intake.status === 'awaiting_arrival' || intake.status === 'partially_received';
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4" data-testid="admin-intake">
      <Header
        label="Intake"
        number={intake.number}
        owner={intake.ownerName}
        date={intake.createdAt}
        badge={<StatusBadge status={intake.status} map={intakeStatuses} />}
      />
      <ul className="grid gap-3">
        {intake.items.map((c) => (
          <li key={c.cardId} className="grid gap-2 border-t pt-3 text-sm first:border-t-0 first:pt-0">
            <div className="flex flex-wrap justify-between gap-x-3">
              <span className="min-w-0 break-words font-medium">{c.title}</span>
              <span className="text-muted-foreground">{c.certNumber ? `Cert ${c.certNumber}` : 'No certificate'}</span>
            </div>
            {c.receivedAt ? (
              <p className="text-muted-foreground">
                Received {formatDate(c.receivedAt)}
                {c.appraisedValueCents !== null && (
                  <>
                    {' '}
                    · appraised at <Money cents={c.appraisedValueCents} />
                  </>
                )}
              </p>
            ) : open ? (
              <ReceiveForm intakeId={intake.id} cardId={c.cardId} title={c.title} />
            ) : (
              <p className="text-muted-foreground">Not received</p>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

const receiveFormSchema = z.object({
  appraisal: z
    .string()
    .superRefine((s, ctx) => {
      const r = parseMoneyInput(s);
      if (!r.ok) ctx.addIssue({ code: 'custom', message: r.message });
    })
    .transform((s) => {
      const r = parseMoneyInput(s);
      return r.ok ? r.cents : 0;
    }),
});
type ReceiveFormInput = z.input<typeof receiveFormSchema>;
type ReceiveFormValues = z.output<typeof receiveFormSchema>;

function ReceiveForm({ intakeId, cardId, title }: { intakeId: string; cardId: string; title: string }) {
  const receive = useReceiveCard();
  const form = useForm<ReceiveFormInput, unknown, ReceiveFormValues>({ resolver: zodResolver(receiveFormSchema), defaultValues: { appraisal: '' } });
  const submit = form.handleSubmit(async ({ appraisal }) => {
    try {
      await receive.mutateAsync({ intakeId, cardId, receipt: { appraisedValueCents: appraisal } });
      toast({ title: 'Card received', description: `${title} is in the vault.` });
    } catch (err) {
      if (!applyServerFieldErrors(form, err, { appraisedValueCents: 'appraisal' }))
        form.setError('appraisal', { message: errorMessage(err, 'The card could not be received. Please try again.') });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2" aria-label={`Receive ${title}`}>
      <FormField control={form.control} name="appraisal" label="Appraised value" className="gap-1">
        <Input inputMode="decimal" placeholder="$" className="w-40" {...form.register('appraisal')} />
      </FormField>
      <Button type="submit" variant="crimson" className="mt-[1.375rem]" disabled={receive.isPending}>
        Mark received
      </Button>
    </form>
  );
}

function AdminOuttake({ outtake }: { outtake: Outtake }) {
  const deliver = useDeliverOuttake();
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4" data-testid="admin-outtake">
      <Header
        label="Outtake"
        number={outtake.number}
        owner={outtake.ownerName}
        date={outtake.createdAt}
        badge={<StatusBadge status={outtake.status} map={outtakeStatuses} />}
      />
      <ul className="grid gap-1 text-sm">
        {outtake.items.map((c) => (
          <li key={c.cardId} className="flex flex-wrap justify-between gap-x-3">
            <span className="min-w-0 break-words">{c.title}</span>
            <span className="text-muted-foreground">{c.certNumber ? `Cert ${c.certNumber}` : 'No certificate'}</span>
          </li>
        ))}
      </ul>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="text-muted-foreground">Fee</dt>
        <dd>
          <Money cents={outtake.feeCents} /> {outtake.paidAt ? `· paid ${formatDate(outtake.paidAt)}` : '· not paid yet'}
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
      {outtake.status === 'packing' && <ShipForm id={outtake.id} number={outtake.number} />}
      {outtake.status === 'shipped' && (
        <div>
          <Button
            variant="crimson"
            disabled={deliver.isPending}
            onClick={() =>
              deliver.mutate(outtake.id, {
                onSuccess: () => toast({ title: `Outtake ${outtake.number} delivered` }),
                onError: (err) =>
                  toast({ title: 'Not marked delivered', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
              })
            }
          >
            Mark delivered
          </Button>
        </div>
      )}
    </li>
  );
}

function ShipForm({ id, number }: { id: string; number: string }) {
  const ship = useShipOuttake();
  const form = useForm<ShipOuttakeInput>({ resolver: zodResolver(shipOuttakeSchema), defaultValues: { carrier: '', trackingNumber: '' } });
  const submit = form.handleSubmit(async (shipment) => {
    try {
      await ship.mutateAsync({ id, shipment });
      toast({ title: `Outtake ${number} shipped` });
    } catch (err) {
      if (!applyServerFieldErrors(form, err, { carrier: 'carrier', trackingNumber: 'trackingNumber' }))
        form.setError('trackingNumber', { message: errorMessage(err, 'The shipment could not be saved. Please try again.') });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2" aria-label={`Ship outtake ${number}`}>
      <FormField control={form.control} name="carrier" label="Carrier" className="gap-1">
        <Input className="w-36" {...form.register('carrier')} />
      </FormField>
      <FormField control={form.control} name="trackingNumber" label="Tracking number" className="gap-1">
        <Input className="w-56 max-w-full" {...form.register('trackingNumber')} />
      </FormField>
      <Button type="submit" variant="crimson" className="mt-[1.375rem]" disabled={ship.isPending}>
        Mark shipped
      </Button>
    </form>
  );
}
