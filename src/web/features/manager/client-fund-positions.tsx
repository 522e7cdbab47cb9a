import { formatCents } from '#common/format.ts';
import { formatUnits } from '#common/funds.ts';
import type { ManagerClientDetail } from '#common/onboarding.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useClientFundPositions } from './api/get-client-fund-positions.ts';

const signed = (cents: number) => `${cents > 0 ? '+' : cents < 0 ? '−' : ''}${formatCents(Math.abs(cents))}`;

/** The client's fund choice from onboarding and, once the deposit is confirmed, their positions. */
export function ClientFundPositions({ client }: { client: ManagerClientDetail }) {
  const active = client.deposit.confirmedAt !== null;
  const query = useClientFundPositions(client.id, active);
  const choice = client.fundAllocation ?? [];
  return (
    <div className="grid gap-4" data-testid="client-fund-positions">
      {choice.length > 0 && (
        <div className="grid gap-1 text-sm">
          <p className="text-muted-foreground">Chosen at onboarding</p>
          <ul className="flex flex-wrap gap-2">
            {choice.map((c) => (
              <li key={c.fundId} className="rounded-full border px-3 py-0.5">
                {c.fundName} <span className="tabular font-medium">{c.percent}%</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!active ? (
        <p className="text-sm text-muted-foreground">
          Positions appear once the deposit is confirmed: it buys units in the chosen funds at their next valuation.
        </p>
      ) : query.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(query.error, 'The positions could not be loaded.')}
        </p>
      ) : query.data.positions.length === 0 ? (
        <p className="text-sm text-muted-foreground">No fund positions.</p>
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-3 text-sm">
            <div>
              <dt className="text-xs text-muted-foreground">Invested</dt>
              <dd className="tabular font-medium">{formatCents(query.data.totals.investedCents)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Value</dt>
              <dd className="tabular font-medium">{formatCents(query.data.totals.valueCents)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Gain</dt>
              <dd className="tabular font-medium">{signed(query.data.totals.gainCents)}</dd>
            </div>
          </dl>
          <ul className="divide-y text-sm">
            {query.data.positions.map((p) => (
              <li key={p.fundId} className="grid gap-0.5 py-2.5" data-testid="client-fund-position">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">{p.fundName}</span>
                  <span className="tabular font-medium">{formatCents(p.valueCents)}</span>
                </div>
                <p className="tabular text-xs text-muted-foreground">
                  {formatUnits(p.unitsMicro)} units · invested {formatCents(p.investedCents)}
                  {p.pendingSubscriptionCents > 0 && ` · ${formatCents(p.pendingSubscriptionCents)} awaiting the next valuation`}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
