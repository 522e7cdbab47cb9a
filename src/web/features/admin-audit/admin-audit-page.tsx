import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { Download, X } from 'lucide-react';
import { auditScopes, type AuditEntry, type AuditQuery, type AuditScope } from '#common/audit.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ListCount, ListError, ListLoading, pageRange, ToolbarField } from '#web/components/list-parts.tsx';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useListState } from '#web/hooks/use-list-state.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { fetchAllAudit, useAuditLog } from './api/get-audit-log.ts';
import { useAuditFacets } from './api/get-audit-facets.ts';
import { downloadText } from '#web/lib/download.ts';
import { auditCsv } from './audit-csv.ts';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

const scopeLabels: Record<AuditScope, string> = { all: 'Everyone', staff: 'Staff and impersonated', impersonated: 'Impersonated only' };

const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

const filterNames = ['action', 'actorId', 'targetType', 'targetId', 'from', 'to', 'scope', 'userId'] as const;

const personLabel = (p: AuditEntry['actor']) => (p ? (p.name ?? p.phone) : 'System');

/** The action families (the part before the first dot) and each action, for the filter. */
function actionOptions(actions: string[]) {
  const families = [...new Set(actions.map((a) => a.split('.')[0]!))];
  return { families, actions };
}

/** /admin/audit: who did what to which record, filtered and exported as CSV. */
export default function AdminAuditPage() {
  const list = useListState([...filterNames]);
  const { page, filters } = list;
  const [, setParams] = useSearchParams();
  // Several filters at once (a record's trail is its kind and id), back to page 1.
  const setFilters = useCallback(
    (changes: Partial<Record<(typeof filterNames)[number], string | undefined>>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setFilter = (name: (typeof filterNames)[number], value: string | undefined) => setFilters({ [name]: value });
  const scope = (auditScopes as readonly string[]).includes(filters.scope ?? '') ? (filters.scope as AuditScope) : 'all';
  const params: AuditQuery = {
    page,
    action: filters.action,
    actorId: filters.actorId,
    userId: filters.userId,
    targetType: filters.targetType,
    targetId: filters.targetId,
    from: filters.from,
    to: filters.to,
    scope: scope === 'all' ? undefined : scope,
  };
  const query = useAuditLog(params);
  const facets = useAuditFacets();
  const [exporting, setExporting] = useState(false);
  const data = query.data;
  const total = data?.total ?? 0;
  const pageSize = data?.pageSize ?? 50;
  const filtered = filterNames.some((n) => filters[n]);
  const datesBackwards = Boolean(filters.from && filters.to && filters.from > filters.to);

  useEffect(() => {
    document.title = 'Audit Log';
  }, []);

  async function exportCsv() {
    setExporting(true);
    try {
      const { entries, total: all } = await fetchAllAudit({ ...params, page: 1 });
      downloadText(`audit-log-${new Date().toISOString().slice(0, 10)}.csv`, auditCsv(entries));
      toast({
        title: 'Export ready',
        description:
          entries.length < all
            ? `The first ${entries.length.toLocaleString('en-US')} of ${all.toLocaleString('en-US')} entries; narrow the filters for the rest.`
            : `${entries.length.toLocaleString('en-US')} entries.`,
      });
    } catch (err) {
      toast({ variant: 'destructive', title: 'The export failed', description: errorMessage(err, 'Please try again.') });
    } finally {
      setExporting(false);
    }
  }

  const actorName = (id: string) =>
    data?.entries.find((e) => e.actorId === id)?.actor ?? data?.entries.find((e) => e.impersonatorId === id)?.impersonator;

  const columns: Column<AuditEntry>[] = [
    {
      id: 'time',
      header: 'Time (UTC)',
      cell: (e) => (
        <time dateTime={e.createdAt} className="whitespace-nowrap tabular">
          {timeFormat.format(new Date(e.createdAt))}
        </time>
      ),
      card: 'aside',
    },
    {
      id: 'action',
      header: 'Action',
      cell: (e) => (
        <button
          type="button"
          // A long action name breaks anywhere rather than run under the time beside it on a phone.
          className="text-left font-mono text-xs underline-offset-4 [overflow-wrap:anywhere] hover:underline"
          onClick={() => setFilter('action', e.action)}
          title="Show only this action"
        >
          {e.action}
        </button>
      ),
      card: 'primary',
    },
    {
      id: 'actor',
      header: 'Actor',
      cell: (e) => (
        <div className="grid gap-0.5">
          {e.actorId ? (
            <button
              type="button"
              className="text-left underline-offset-4 hover:underline"
              onClick={() => setFilter('actorId', e.actorId!)}
              title="Show only this person's actions"
            >
              {personLabel(e.actor)}
            </button>
          ) : (
            <span className="text-muted-foreground">System</span>
          )}
          {e.impersonator && (
            <span className="text-xs text-muted-foreground">
              <Badge variant="warning" className="mr-1">
                Impersonated
              </Badge>
              by {personLabel(e.impersonator)}
            </span>
          )}
        </div>
      ),
      card: 'field',
    },
    {
      id: 'target',
      header: 'Target',
      cell: (e) =>
        e.targetType ? (
          <button
            type="button"
            className="block max-w-full break-all text-left font-mono text-xs underline-offset-4 hover:underline md:max-w-[16rem] md:truncate md:break-normal"
            onClick={() => setFilters({ targetType: e.targetType!, targetId: e.targetId ?? undefined })}
            title="Show this record's audit trail"
          >
            {e.targetType}
            {e.targetId ? `:${e.targetId}` : ''}
          </button>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
      card: 'field',
    },
    {
      id: 'data',
      header: 'Data',
      cell: (e) =>
        e.data ? (
          <code className="block max-w-[28rem] whitespace-pre-wrap break-all text-xs text-muted-foreground md:min-w-[16rem]">
            {JSON.stringify(e.data)}
          </code>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
      card: 'wide',
    },
  ];

  const opts = actionOptions(facets.data?.actions ?? []);
  const chips: { key: (typeof filterNames)[number]; label: string }[] = [];
  if (filters.actorId)
    chips.push({
      key: 'actorId',
      label: `Actor: ${personLabel(actorName(filters.actorId) ?? null) === 'System' ? filters.actorId.slice(0, 8) : personLabel(actorName(filters.actorId) ?? null)}`,
    });
  if (filters.userId) chips.push({ key: 'userId', label: `Involving ${filters.userId.slice(0, 8)}…` });
  if (filters.targetId) chips.push({ key: 'targetId', label: `Record: ${filters.targetId}` });

  return (
    <div className="mx-auto grid w-full max-w-7xl min-w-0 grid-cols-1 gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Settings"
        title="Audit Log"
        description="Every admin, manager and impersonated action, with who did it, on what, and the details. Times are UTC."
        actions={
          <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting || !data || total === 0 || datesBackwards}>
            {exporting ? <Spinner /> : <Download aria-hidden="true" />}
            Export CSV
          </Button>
        }
      />
      <form
        role="search"
        aria-label="Filter the audit log"
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(e) => e.preventDefault()}
      >
        <ToolbarField label="Action">
          {(id) => (
            <select id={id} className={selectClass} value={filters.action ?? ''} onChange={(e) => setFilter('action', e.target.value || undefined)}>
              <option value="">Any action</option>
              {opts.families.length > 0 && (
                <optgroup label="Families">
                  {opts.families.map((f) => (
                    <option key={f} value={`${f}.`}>
                      {f}.*
                    </option>
                  ))}
                </optgroup>
              )}
              <optgroup label="Actions">
                {opts.actions.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
                {filters.action && !filters.action.endsWith('.') && !opts.actions.includes(filters.action) && (
                  <option value={filters.action}>{filters.action}</option>
                )}
              </optgroup>
            </select>
          )}
        </ToolbarField>
        <ToolbarField label="Target kind">
          {(id) => (
            <select
              id={id}
              className={selectClass}
              value={filters.targetType ?? ''}
              onChange={(e) => setFilters({ targetType: e.target.value || undefined, targetId: undefined })}
            >
              <option value="">Any target</option>
              {(facets.data?.targetTypes ?? []).map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
              {filters.targetType && !(facets.data?.targetTypes ?? []).includes(filters.targetType) && (
                <option value={filters.targetType}>{filters.targetType}</option>
              )}
            </select>
          )}
        </ToolbarField>
        <ToolbarField label="Who">
          {(id) => (
            <select
              id={id}
              className={selectClass}
              value={scope}
              onChange={(e) => setFilter('scope', e.target.value === 'all' ? undefined : e.target.value)}
            >
              {auditScopes.map((s) => (
                <option key={s} value={s}>
                  {scopeLabels[s]}
                </option>
              ))}
            </select>
          )}
        </ToolbarField>
        <ToolbarField label="From (UTC)">
          {(id) => (
            <Input id={id} type="date" value={filters.from ?? ''} max={filters.to} onChange={(e) => setFilter('from', e.target.value || undefined)} />
          )}
        </ToolbarField>
        <ToolbarField label="To (UTC)">
          {(id) => (
            <>
              <Input
                id={id}
                type="date"
                value={filters.to ?? ''}
                min={filters.from}
                onChange={(e) => setFilter('to', e.target.value || undefined)}
                aria-invalid={datesBackwards || undefined}
                aria-describedby={datesBackwards ? `${id}-error` : undefined}
              />
              {datesBackwards && (
                <p id={`${id}-error`} className="text-sm text-destructive">
                  The start date is after the end date
                </p>
              )}
            </>
          )}
        </ToolbarField>
      </form>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap gap-2">
          {chips.map((c) => (
            <Button key={c.key} variant="secondary" size="sm" onClick={() => setFilter(c.key, undefined)} aria-label={`Remove filter ${c.label}`}>
              {c.label}
              <X aria-hidden="true" />
            </Button>
          ))}
          {filtered && (
            <Button variant="ghost" size="sm" onClick={() => setFilters(Object.fromEntries(filterNames.map((n) => [n, undefined])))}>
              Clear filters
            </Button>
          )}
        </div>
        <ListCount loaded={!!data} updating={query.isFetching && !query.isPending} page={page} total={total} pageSize={pageSize} none="No entries" />
      </div>
      {datesBackwards ? null : query.isPending ? (
        <ListLoading label="Loading the audit log" />
      ) : query.isError ? (
        <ListError title="We couldn't load the audit log." error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : data && data.entries.length === 0 ? (
        <EmptyState
          title={filtered ? 'No entries match' : 'Nothing recorded yet'}
          description={filtered ? 'Try other filters or a wider date range.' : 'Actions by staff appear here as they happen.'}
        />
      ) : data ? (
        <ResponsiveTable rows={data.entries} rowKey={(e) => e.id} columns={columns} rowTestId="audit-row" cardTestId="audit-card" />
      ) : null}
      <Pagination page={page} pages={pageRange(page, total, pageSize).pages} onPageChange={list.setPage} disabled={query.isFetching} />
    </div>
  );
}
