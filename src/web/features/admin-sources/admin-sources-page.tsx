import { useState, type ReactNode } from 'react';
import { AuditTrailLink } from '#web/components/audit-trail-link.tsx';
import { useSearchParams } from 'wouter';
import { formatDate } from '#web/lib/dates.ts';
import {
  adminHuntActionLabels,
  adminHuntActions,
  adminHuntActionTargets,
  gradeFloor,
  huntStatuses,
  huntStatusLabels,
  huntTitle,
  sourceStatusLabels,
  sourceTransitions,
  type AdminHunt,
  type AdminSource,
} from '#common/hunts.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { Money } from '#web/components/money.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useAdminHunts } from './api/get-admin-hunts.ts';
import { useAdminSources } from './api/get-admin-sources.ts';
import { useUpdateHunt } from './api/update-hunt.ts';
import { useUpdateSource } from './api/update-source.ts';
import { ReviewActions } from './review-panel.tsx';

const selectClass = 'h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs';
const person = (p: { name: string | null; phone: string }) => `${p.name ?? 'No name'} · ${p.phone}`;
const failed = (err: unknown) => toast({ title: 'The change was not saved', description: errorMessage(err, 'Try again.'), variant: 'destructive' });

function History({ history, labels }: { history: { to: string; note: string | null; at: string }[]; labels: Record<string, string> }) {
  return (
    <ol className="grid gap-1 border-l pl-3 text-xs text-muted-foreground">
      {history.map((e, i) => (
        <li key={i}>
          <span className="font-medium text-foreground">{labels[e.to]}</span> · {formatDate(e.at)}
          {e.note && ` · ${e.note}`}
        </li>
      ))}
    </ol>
  );
}

function HuntDetail({ hunt }: { hunt: AdminHunt }) {
  const update = useUpdateHunt({ onSuccess: (h) => toast({ title: `Hunt ${huntStatusLabels[h.status].toLowerCase()}` }), onError: failed });
  const actions = adminHuntActions
    .filter((a) => adminHuntActionTargets[a].from.includes(hunt.status))
    .map((a) => ({ value: a, label: adminHuntActionLabels[a], destructive: a === 'decline' || a === 'close' }));
  return (
    <div className="grid gap-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="font-display text-lg font-medium">{huntTitle(hunt)}</h2>
        <AuditTrailLink targetType="hunt" targetId={hunt.id} />
      </div>
      <p>
        {gradeFloor(hunt)} · budget <Money cents={hunt.maxBudgetCents} decimals={0} />
        {hunt.deadline && ` · by ${formatDate(hunt.deadline)}`}
      </p>
      <p>
        <span className="text-muted-foreground">Requester:</span> {person(hunt.requester)}
      </p>
      {hunt.notes && <p className="text-muted-foreground">{hunt.notes}</p>}
      <p className="text-muted-foreground">{hunt.sourceCount} offer(s)</p>
      <History history={hunt.history} labels={huntStatusLabels} />
      <ReviewActions actions={actions} busy={update.isPending} onAct={(action, note) => update.mutate({ id: hunt.id, action, note })} />
    </div>
  );
}

function SourceDetail({ source }: { source: AdminSource }) {
  const update = useUpdateSource({ onSuccess: (s) => toast({ title: `Offer ${sourceStatusLabels[s.status].toLowerCase()}` }), onError: failed });
  const labels = { active: 'Approve', fulfilled: 'Mark fulfilled', closed: 'Close' } as const;
  const actions = sourceTransitions[source.status].map((s) => ({
    value: s as 'active' | 'fulfilled' | 'closed',
    label: labels[s as keyof typeof labels],
    destructive: s === 'closed',
  }));
  return (
    <div className="grid gap-3 text-sm">
      <h2 className="font-display text-lg font-medium">
        {source.card ? `${source.card.year} ${source.card.brand} ${source.card.subject}` : source.description}
      </h2>
      <p>
        Asking <Money cents={source.askingPriceCents} decimals={0} /> for “{huntTitle(source.hunt)}” ({gradeFloor(source.hunt)}, budget{' '}
        <Money cents={source.hunt.maxBudgetCents} decimals={0} />)
      </p>
      <p>
        <span className="text-muted-foreground">Responder:</span> {person(source.responder)}
      </p>
      <p>
        <span className="text-muted-foreground">Requester:</span> {person(source.requester)}
      </p>
      {source.note && <p className="text-muted-foreground">“{source.note}”</p>}
      <History history={source.history} labels={sourceStatusLabels} />
      <ReviewActions actions={actions} busy={update.isPending} onAct={(status, note) => update.mutate({ id: source.id, status, note })} />
    </div>
  );
}

function Queue<T extends { id: string; status: string }>({
  rows,
  title,
  sub,
  labels,
  detail,
}: {
  rows: T[];
  title: (r: T) => string;
  sub: (r: T) => string;
  labels: Record<string, string>;
  detail: (r: T) => ReactNode;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const current = rows.find((r) => r.id === picked) ?? rows[0];
  if (rows.length === 0) return <EmptyState title="Nothing here" description="No records with this status." />;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <ul className="grid content-start gap-2" aria-label="Queue">
        {rows.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              onClick={() => setPicked(r.id)}
              aria-current={current?.id === r.id}
              className={cn(
                'grid w-full gap-1 rounded-lg border bg-card p-3 text-left text-sm hover:bg-accent',
                current?.id === r.id && 'border-crimson',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-medium break-words">{title(r)}</span>
                <Badge variant="outline">{labels[r.status]}</Badge>
              </span>
              <span className="text-xs text-muted-foreground">{sub(r)}</span>
            </button>
          </li>
        ))}
      </ul>
      {current && (
        <section className="h-fit rounded-xl border bg-card p-4 lg:sticky lg:top-20" aria-label="Detail">
          {detail(current)}
        </section>
      )}
    </div>
  );
}

/** /admin/sources (Source Requests): queues of hunts and offers, detail with both parties, actions with notes. */
export default function AdminSourcesPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'offers' ? 'offers' : 'hunts';
  const status = params.get('status') ?? 'pending';
  const set = (k: string, v: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(k, v);
        return next;
      },
      { replace: true },
    );
  const hunts = useAdminHunts(status);
  const sources = useAdminSources(status);
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="Source Requests"
        description="Review hunts before they reach the board, and offers before both sides are put in touch."
      />
      <Tabs value={tab} onValueChange={(v) => set('tab', v)}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList>
            <TabsTrigger value="hunts">Hunts</TabsTrigger>
            <TabsTrigger value="offers">Offers</TabsTrigger>
          </TabsList>
          <select aria-label="Status" className={selectClass} value={status} onChange={(e) => set('status', e.target.value)}>
            {huntStatuses.map((s) => (
              <option key={s} value={s}>
                {tab === 'hunts' ? huntStatusLabels[s] : sourceStatusLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <TabsContent value="hunts" className="mt-4">
          <PageQuery query={hunts} loadingLabel="Loading hunts" errorTitle="Hunts could not be loaded">
            {(d) => (
              <Queue
                rows={d.hunts}
                labels={huntStatusLabels}
                title={huntTitle}
                sub={(h) => `${h.requester.name ?? h.requester.phone} · posted ${formatDate(h.createdAt)}`}
                detail={(h) => <HuntDetail hunt={h} />}
              />
            )}
          </PageQuery>
        </TabsContent>
        <TabsContent value="offers" className="mt-4">
          <PageQuery query={sources} loadingLabel="Loading offers" errorTitle="Offers could not be loaded">
            {(d) => (
              <Queue
                rows={d.sources}
                labels={sourceStatusLabels}
                title={(s) => `For ${huntTitle(s.hunt)}`}
                sub={(s) => `${s.responder.name ?? s.responder.phone} → ${s.requester.name ?? s.requester.phone} · ${formatDate(s.createdAt)}`}
                detail={(s) => <SourceDetail source={s} />}
              />
            )}
          </PageQuery>
        </TabsContent>
      </Tabs>
    </div>
  );
}
