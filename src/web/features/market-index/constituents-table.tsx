import { useState } from 'react';
import { Link } from 'wouter';
import { sportLabels } from '#common/cards.ts';
import type { ConstituentRow } from '#common/market-index.ts';
import { Money } from '#web/components/money.tsx';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { cn } from '#web/lib/utils.ts';
import { cardTitle, changeTone, formatChange } from './format.ts';

type SortKey = 'name' | 'price' | 'change1m' | 'change1y' | 'weight';
const sorters: Record<SortKey, (r: ConstituentRow) => number | string> = {
  name: (r) => r.player,
  price: (r) => r.lastPriceCents ?? -1,
  change1m: (r) => r.change1m ?? -Infinity,
  change1y: (r) => r.change1y ?? -Infinity,
  weight: (r) => r.weight ?? -1,
};

function SortHeader({ label, k, sort, onSort }: { label: string; k: SortKey; sort: { key: SortKey; desc: boolean }; onSort: (k: SortKey) => void }) {
  const active = sort.key === k;
  return (
    <button
      type="button"
      onClick={() => onSort(k)}
      className="inline-flex items-center gap-1 font-medium hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={`Sort by ${label}`}
    >
      {label}
      <span aria-hidden="true" className={cn('text-[10px]', !active && 'opacity-30')}>
        {active && !sort.desc ? '▲' : '▼'}
      </span>
    </button>
  );
}

const Change = ({ v }: { v: number | null }) => <span className={cn('tabular', changeTone(v))}>{formatChange(v)}</span>;

/** The members, sortable by any figure; stacked cards on phones. */
export function ConstituentsTable({ rows }: { rows: readonly ConstituentRow[] }) {
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'weight', desc: true });
  const onSort = (key: SortKey) => setSort((s) => ({ key, desc: s.key === key ? !s.desc : key !== 'name' }));
  const sorted = [...rows].sort((a, b) => {
    const x = sorters[sort.key](a);
    const y = sorters[sort.key](b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return sort.desc ? -c : c;
  });
  const h = (label: string, k: SortKey) => <SortHeader label={label} k={k} sort={sort} onSort={onSort} />;
  const columns: Column<ConstituentRow>[] = [
    {
      id: 'card',
      header: h('Card', 'name'),
      card: 'primary',
      cell: (r) => (
        <div className="min-w-0">
          <Link href={`/WonderShyneIndex/${r.id}`} className="font-medium hover:underline">
            {cardTitle(r)}
          </Link>
          <div className="text-xs text-muted-foreground">{sportLabels[r.sport]}</div>
        </div>
      ),
    },
    {
      id: 'price',
      header: h('Last price', 'price'),
      card: 'aside',
      className: 'text-right',
      headerClassName: 'text-right',
      cell: (r) => (
        <div>
          <Money cents={r.lastPriceCents} />
          {r.stale && <div className="text-xs text-amber-700">Stale</div>}
        </div>
      ),
    },
    {
      id: 'm1',
      header: h('1M', 'change1m'),
      mobileLabel: '1 month',
      className: 'text-right',
      headerClassName: 'text-right',
      cell: (r) => <Change v={r.change1m} />,
    },
    {
      id: 'y1',
      header: h('1Y', 'change1y'),
      mobileLabel: '1 year',
      className: 'text-right',
      headerClassName: 'text-right',
      cell: (r) => <Change v={r.change1y} />,
    },
    {
      id: 'weight',
      header: h('Weight', 'weight'),
      className: 'text-right',
      headerClassName: 'text-right',
      cell: (r) => <span className="tabular">{r.weight == null ? '—' : `${(r.weight * 100).toFixed(2)} %`}</span>,
    },
  ];
  return <ResponsiveTable rows={sorted} rowKey={(r) => r.id} columns={columns} rowTestId="constituent-row" cardTestId="constituent-card" />;
}
