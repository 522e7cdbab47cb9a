import { useMemo, useState, type ReactNode } from 'react';
import {
  adminCardSorts,
  custodyLabels,
  custodyStates,
  graderLabels,
  graders,
  sportLabels,
  sports,
  type AdminCardRow,
  type AdminCardSort,
  type AdminCardsQuery,
} from '#common/cards.ts';
import { formatCents } from '#common/format.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { FilterSelect, KeyOptions, ListCount, ListError, ListLoading, pageRange } from '#web/components/list-parts.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { useListState } from '#web/hooks/use-list-state.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useAdminCards } from './api/get-admin-cards.ts';
import { useUsersWithCards } from './api/get-users-with-cards.ts';
import { adminCardColumns } from './admin-card-columns.tsx';
import { CorrectionDialog } from './correction-dialog.tsx';
import { CustodyDialog } from './custody-dialog.tsx';

const sortLabels: Record<AdminCardSort, string> = {
  recent: 'Recently added',
  value_desc: 'Value, highest first',
  value_asc: 'Value, lowest first',
  year_desc: 'Year, newest first',
  year_asc: 'Year, oldest first',
  subject: 'Player, A–Z',
};
const pick = <T extends string>(list: readonly T[], v: string | undefined): T | undefined =>
  (list as readonly string[]).includes(v ?? '') ? (v as T) : undefined;

/** `listings`: the MarketPlace's house listing management, composed in by the app. */
export default function AdminCardsPage({ listings }: { listings?: ReactNode } = {}) {
  const list = useListState(['ownerId', 'custody', 'grader', 'sport', 'review']);
  const { q, page, filters } = list;
  const [moving, setMoving] = useState<AdminCardRow | null>(null);
  const [correcting, setCorrecting] = useState<AdminCardRow | null>(null);
  const columns = useMemo(() => adminCardColumns(setMoving, setCorrecting), []);
  const owners = useUsersWithCards();

  const params: AdminCardsQuery = {
    q: q || undefined,
    ownerId: filters.ownerId || undefined,
    custody: pick(custodyStates, filters.custody),
    grader: pick(graders, filters.grader),
    sport: pick(sports, filters.sport),
    needsReview: filters.review === 'yes' ? 'true' : undefined,
    sort: pick(adminCardSorts, list.sort) ?? 'recent',
    page,
  };
  const query = useAdminCards(params);
  const data = query.data;
  const total = data?.total ?? 0;
  const pageSize = data?.pageSize ?? 50;
  const filtered = Object.values(filters).some(Boolean) || !!q;

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="Cards"
        description="Every registered card. Custody changes, corrections and appraisals are recorded in the card’s provenance; a move re-checks its PSA certificate."
      />
      {listings}

      <div className="grid gap-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <SearchInput
            label="Search cards by player, set or certificate"
            placeholder="Player, set or certificate"
            value={list.search}
            onChange={list.setSearch}
            className="w-full sm:w-96"
          />
          <ListCount loaded={!!data} updating={query.isFetching && !query.isPending} page={page} total={total} pageSize={pageSize} none="No cards" />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end" role="group" aria-label="Filters and sort">
          <FilterSelect label="Owner" value={filters.ownerId ?? ''} onChange={(v) => list.setFilter('ownerId', v)}>
            <option value="">All owners</option>
            {owners.data?.users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name || formatPhoneForDisplay(u.phone)} ({u.cardCount}, {formatCents(u.totalEstimatedValueCents, 0)})
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label="Custody" value={filters.custody ?? ''} onChange={(v) => list.setFilter('custody', v)}>
            <KeyOptions any="Any custody" keys={custodyStates} label={(c) => custodyLabels[c]} />
          </FilterSelect>
          <FilterSelect label="Grader" value={filters.grader ?? ''} onChange={(v) => list.setFilter('grader', v)}>
            <KeyOptions any="Any grader" keys={graders} label={(g) => graderLabels[g]} />
          </FilterSelect>
          <FilterSelect label="Sport" value={filters.sport ?? ''} onChange={(v) => list.setFilter('sport', v)}>
            <KeyOptions any="Any sport" keys={sports} label={(s) => sportLabels[s]} />
          </FilterSelect>
          <FilterSelect label="Review" value={filters.review ?? ''} onChange={(v) => list.setFilter('review', v)}>
            <option value="">All cards</option>
            <option value="yes">Needs review</option>
          </FilterSelect>
          <FilterSelect label="Sort" value={params.sort ?? 'recent'} onChange={(v) => list.setSort(v === 'recent' ? undefined : v)}>
            <KeyOptions keys={adminCardSorts} label={(s) => sortLabels[s]} />
          </FilterSelect>
        </div>
      </div>

      {query.isPending ? (
        <ListLoading label="Loading cards" />
      ) : query.isError ? (
        <ListError title="We couldn't load cards." error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : data && data.cards.length === 0 ? (
        <EmptyState
          title={filtered ? 'No cards match' : 'No cards registered yet'}
          description={
            filtered
              ? 'Try a player’s surname, a set, the certificate number, or fewer filters.'
              : 'Cards appear here as members add them to their registries.'
          }
        />
      ) : data ? (
        <ResponsiveTable rows={data.cards} rowKey={(c) => c.id} columns={columns} rowTestId="admin-card-row" cardTestId="admin-card-card" />
      ) : null}

      <Pagination page={page} pages={pageRange(page, total, pageSize).pages} onPageChange={list.setPage} disabled={query.isFetching} />
      <CustodyDialog card={moving} onClose={() => setMoving(null)} />
      <CorrectionDialog
        card={correcting ? (data?.cards.find((c) => c.id === correcting.id) ?? correcting) : null}
        onClose={() => setCorrecting(null)}
      />
    </div>
  );
}
