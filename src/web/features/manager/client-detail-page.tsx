import type { ReactNode } from 'react';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Link } from 'wouter';
import { ArrowLeft, Check, Circle, TriangleAlert } from 'lucide-react';
import { formatCents } from '#common/format.ts';
import { formatDate } from '#web/lib/dates.ts';
import { kycDocumentLabels, kycStatusLabels } from '#common/kyc.ts';
import { WIRE_INSTRUCTIONS_MISSING_WARNING, allocationCategories, allocationLabels, type ManagerClientDetail } from '#common/onboarding.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { cn } from '#web/lib/utils.ts';
import { useManagerClient } from './api/get-manager-client.ts';
import { ClientFundPositions } from './client-fund-positions.tsx';
import { DepositForm } from './deposit-form.tsx';
import { onboardingStatusStyles } from './status-badge.tsx';

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '');

function Section({ title, description, children, className }: { title: string; description?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Timeline({ client }: { client: ManagerClientDetail }) {
  return (
    <ol className="grid gap-0" aria-label="Onboarding timeline">
      {client.timeline.map((e, i) => {
        const done = Boolean(e.at);
        const current = e.status === client.status;
        return (
          <li key={e.status} className="relative flex gap-3 pb-5 last:pb-0">
            {i < client.timeline.length - 1 && (
              <span
                className={cn('absolute left-[11px] top-6 h-[calc(100%-1.25rem)] w-px', done ? 'bg-crimson/40' : 'bg-zinc-200')}
                aria-hidden="true"
              />
            )}
            <span
              className={cn(
                'relative flex size-6 shrink-0 items-center justify-center rounded-full border',
                done ? 'border-crimson bg-crimson text-white' : 'border-zinc-300 bg-white text-zinc-300',
              )}
              aria-hidden="true"
            >
              {done ? <Check className="size-3.5" /> : <Circle className="size-2" />}
            </span>
            <div className="min-w-0">
              <p className={cn('text-sm', current ? 'font-semibold' : done ? 'font-medium' : 'text-muted-foreground')}>
                {e.label}
                {current && e.status !== 'active' && <span className="ml-2 text-xs font-normal text-crimson">current</span>}
              </p>
              {e.at && (
                <p className="tabular text-xs text-muted-foreground">
                  {when(e.at)}
                  {e.actor && ` · ${e.actor}`}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function Detail({ client }: { client: ManagerClientDetail }) {
  return (
    <div className="grid gap-6">
      <PageHeader
        eyebrow="Client"
        title={client.name ?? 'Unnamed client'}
        description={
          <span className="tabular">
            {formatPhoneForDisplay(client.phone)} · invited {formatDate(client.invitedAt)}
            {client.manager && ` by ${client.manager.name ?? client.manager.phone}`}
          </span>
        }
        actions={<StatusBadge status={client.status} map={onboardingStatusStyles} />}
      />
      <div className="flex items-center gap-3">
        <Progress value={client.progress} className="max-w-md" aria-label={`${client.progress}% complete`} />
        <span className="tabular text-sm text-muted-foreground">
          {client.progress}% · {client.label}
        </span>
      </div>
      {!client.wireInstructionsSet && client.status !== 'active' && (
        <div
          className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          data-testid="wire-instructions-warning"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
          <p>{WIRE_INSTRUCTIONS_MISSING_WARNING}</p>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <div className="grid content-start gap-6">
          <Section title="Steps">
            <Timeline client={client} />
          </Section>
          {client.status === 'awaiting_deposit' && (
            <Section title="Initial deposit" description="Confirm once the wire has arrived. The client's account becomes active.">
              <DepositForm client={client} />
            </Section>
          )}
          {client.deposit.confirmedAt && (
            <Section title="Initial deposit">
              <p className="tabular font-display text-3xl">{formatCents(client.deposit.amountCents)}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                Confirmed {when(client.deposit.confirmedAt)}
                {client.deposit.confirmedBy && ` by ${client.deposit.confirmedBy}`}
              </p>
            </Section>
          )}
        </div>
        <div className="grid content-start gap-6">
          <Section title="Tier and allocation">
            {client.tier ? (
              <div className="grid gap-5">
                <p>
                  <span className="font-display text-2xl">{client.tierName}</span>
                  <span className="tabular ml-3 text-sm text-muted-foreground">minimum {formatCents(client.minimumCents, 0)}</span>
                </p>
                {client.allocation ? (
                  <dl className="grid gap-2.5">
                    {allocationCategories.map((k) => (
                      <div key={k} className="grid grid-cols-[6.5rem_1fr_3rem] items-center gap-3 text-sm">
                        <dt className="text-muted-foreground">{allocationLabels[k]}</dt>
                        <dd className="contents">
                          <span className="h-2 overflow-hidden rounded-full bg-zinc-100">
                            <span className="block h-full rounded-full bg-crimson" style={{ width: `${client.allocation![k]}%` }} />
                          </span>
                          <span className="tabular text-right font-medium">{client.allocation![k]}%</span>
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : (
                  <p className="text-sm text-muted-foreground">No allocation yet.</p>
                )}
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">
                No tier chosen yet{client.suggestedTier && ` (suggested: ${client.suggestedTier[0].toUpperCase()}${client.suggestedTier.slice(1)})`}.
              </p>
            )}
          </Section>
          <Section title="Fund positions">
            <ClientFundPositions client={client} />
          </Section>
          <Section title="Identity documents" description={`KYC status: ${kycStatusLabels[client.kycStatus]}. Files are reviewed by compliance.`}>
            {client.documents.length === 0 ? (
              <p className="text-sm text-muted-foreground">No documents uploaded yet.</p>
            ) : (
              <ul className="divide-y">
                {client.documents.map((d) => (
                  <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                    <div>
                      <p className="font-medium">{kycDocumentLabels[d.type]}</p>
                      <p className="text-xs text-muted-foreground">
                        Uploaded {formatDate(d.createdAt)}
                        {d.reviewedAt && ` · reviewed ${formatDate(d.reviewedAt)}`}
                        {d.note && ` · “${d.note}”`}
                      </p>
                    </div>
                    <Badge variant={d.status === 'approved' ? 'success' : d.status === 'rejected' ? 'destructive' : 'warning'}>
                      {d.status === 'pending' ? 'Under review' : d.status === 'approved' ? 'Approved' : 'Rejected'}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="Service agreement">
            {client.signature ? (
              <dl className="grid gap-2 text-sm sm:grid-cols-[9rem_1fr]">
                <dt className="text-muted-foreground">Version</dt>
                <dd>{client.signature.agreementVersion}</dd>
                <dt className="text-muted-foreground">Signed as</dt>
                <dd className="font-display text-lg leading-tight">{client.signature.fullName}</dd>
                <dt className="text-muted-foreground">Signed at</dt>
                <dd className="tabular">{when(client.signature.signedAt)}</dd>
                {client.signature.ip && (
                  <>
                    <dt className="text-muted-foreground">From</dt>
                    <dd className="tabular">{client.signature.ip}</dd>
                  </>
                )}
              </dl>
            ) : (
              <p className="text-sm text-muted-foreground">Not signed yet.</p>
            )}
          </Section>
        </div>
      </div>
    </div>
  );
}

/** /manager/clients/{id}: the client's steps, choices, documents, signature and the deposit. */
export default function ClientDetailPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id ?? '';
  const client = useManagerClient(id);
  return (
    <div className="grid gap-6 px-4 py-8 sm:px-8">
      <Link href="/manager" className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        All clients
      </Link>
      <PageQuery query={client} loadingLabel="Loading client" errorTitle="We couldn't load this client" skeletons={['h-20', 'h-72']}>
        {(data) => <Detail client={data} />}
      </PageQuery>
    </div>
  );
}
