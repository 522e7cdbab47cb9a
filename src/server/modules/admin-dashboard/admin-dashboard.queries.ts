import { sql, type SQL } from 'drizzle-orm';
import { ltvBands } from '#common/admin-dashboard.ts';

// The dashboard's figures as three aggregate statements, run side by side (with the latest access
// requests beside them): the figures of the moment and of the period in one row, the period's
// buckets, and the funded loans by LTV band. The bench runs the same statements bare through `pg`.
// Members are active accounts (the house account is suspended, so never one). Sums come back as
// float8 (exact for whole cents below 2^53) and counts as int, so both drivers return numbers.

/** The instants and the day the statements count from. */
export interface DashboardWindow {
  /** The UTC day, as the invoices and loans compare due dates with it. */
  today: string;
  todayStart: Date;
  weekStart: Date;
  /** The period's bounds: the first bucket's start and the last one's end (tonight or the month's end). */
  periodStart: Date;
  periodEnd: Date;
  buckets: readonly { start: Date; end: Date }[];
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const tsArray = (ds: readonly Date[]) => sql`${`{${ds.map((d) => d.toISOString()).join(',')}}`}::timestamptz[]`;

/** A fund's assets at a valuation: its units after the valuation's deals at that valuation's price (as funds.service's positionValueCents). */
const aumAt = (units: SQL, alias: string) => {
  const v = sql.raw(alias);
  return sql`case when ${units} <= 0 then 0
    when ${v}.units_micro <= 0 then floor(${units}::numeric * f.initial_unit_price_cents / 1000000)
    else floor(${units}::numeric * ${v}.nav_cents / ${v}.units_micro) end`;
};

export function dashboardQueries(w: DashboardWindow): Record<'figures' | 'series' | 'ltv', SQL> {
  const figures = sql`
    select
      (select count(*)::int from users where status = 'active') as members,
      (select count(*)::int from users where status = 'active' and created_at >= ${ts(w.periodStart)} and created_at < ${ts(w.periodEnd)}) as new_members,
      (select count(*)::int from access_requests where status = 'pending') as pending_requests,
      (select count(*)::int from access_requests where created_at >= ${ts(w.weekStart)}) as requests_this_week,
      (select count(*)::int from access_requests where created_at >= ${ts(w.periodStart)} and created_at < ${ts(w.periodEnd)}) as requests_in_period,
      (select count(*)::int from sms_messages where direction = 'outbound' and created_at >= ${ts(w.todayStart)}) as sms_today,
      k.pending_documents, k.members_waiting,
      s.sales_count, s.gmv_cents,
      (select count(*)::int from listings where status = 'active') as active_listings,
      (select count(*)::int from listings where status = 'reserved') as reserved_listings,
      l.funded_loans, l.outstanding_cents,
      (select count(*)::int from loans where status = 'submitted') as applications_to_review,
      o.overdue_installments, o.overdue_installment_cents,
      fu.aum_cents, fu.open_funds,
      i.open_count, i.open_cents, i.overdue_count, i.overdue_cents,
      (select count(*)::int from hunts where status = 'active') as open_hunts,
      (select count(*)::int from hunts where status = 'pending') as hunts_to_review,
      (select count(*)::int from sources where status = 'active') as open_sources,
      (select count(*)::int from sources where status = 'pending') as sources_to_review
    from
      (select count(*)::int as pending_documents, count(distinct user_id)::int as members_waiting from kyc_documents where status = 'pending') k,
      (select count(*)::int as sales_count, coalesce(sum(price_cents), 0)::float8 as gmv_cents from sales where sold_at >= ${ts(w.periodStart)} and sold_at < ${ts(w.periodEnd)}) s,
      (select count(*)::int as funded_loans, coalesce(sum(outstanding_principal_cents), 0)::float8 as outstanding_cents from loans where status in ('funded', 'defaulted')) l,
      (select count(*)::int as overdue_installments, coalesce(sum(li.payment_cents), 0)::float8 as overdue_installment_cents
         from loan_installments li join loans on loans.id = li.loan_id
        where li.status in ('scheduled', 'invoiced') and li.due_date < ${w.today}::date and loans.status in ('funded', 'defaulted')) o,
      (select coalesce(sum(case when v.fund_id is null then f.cash_cents else ${aumAt(sql`f.units_micro`, 'v')} end), 0)::float8 as aum_cents,
              count(*) filter (where f.status = 'open')::int as open_funds
         from funds f
         left join lateral (select * from fund_valuations fv where fv.fund_id = f.id order by fv.valued_on desc limit 1) v on true) fu,
      (select count(*)::int as open_count, coalesce(sum(total_cents), 0)::float8 as open_cents,
              count(*) filter (where due_date < ${w.today}::date)::int as overdue_count,
              coalesce(sum(total_cents) filter (where due_date < ${w.today}::date), 0)::float8 as overdue_cents
         from invoices where status = 'sent') i`;

  const starts = tsArray(w.buckets.map((b) => b.start));
  const ends = tsArray(w.buckets.map((b) => b.end));
  const series = sql`
    select b.s as start, b.e as "end",
      (select count(*)::int from users u where u.status = 'active' and u.created_at >= b.s and u.created_at < b.e) as new_members,
      (select count(*)::int from access_requests a where a.created_at >= b.s and a.created_at < b.e) as access_requests,
      sa.sales_count, sa.gmv_cents,
      (select coalesce(sum(${aumAt(sql`v.units_after_micro`, 'v')}), 0)::float8
         from funds f
         join lateral (select * from fund_valuations fv where fv.fund_id = f.id and (fv.valued_on::timestamp at time zone 'UTC') < b.e
                        order by fv.valued_on desc limit 1) v on true) as aum_cents
    from unnest(${starts}, ${ends}) with ordinality as b(s, e, i)
    cross join lateral (select count(*)::int as sales_count, coalesce(sum(price_cents), 0)::float8 as gmv_cents
                          from sales where sold_at >= b.s and sold_at < b.e) sa
    order by b.i`;

  const bandStarts = `{${ltvBands.map((b) => b.minBps).join(',')}}`;
  const ltv = sql`
    with valued as (
      select l.outstanding_principal_cents as outstanding,
             round(l.outstanding_principal_cents * 10000.0 / nullif(sum(case when c.deleted_at is null then c.estimated_value_cents else 0 end), 0)) as bps
        from loans l
        join loan_collateral lc on lc.loan_id = l.id
        join cards c on c.id = lc.card_id
       where l.status in ('funded', 'defaulted')
       group by l.id
    )
    select band.min_bps::int as min_bps, count(valued.bps)::int as loans, coalesce(sum(valued.outstanding), 0)::float8 as outstanding_cents
      from unnest(${bandStarts}::int[]) with ordinality as band(min_bps, i)
      left join valued on valued.bps >= band.min_bps
        and valued.bps < coalesce((${bandStarts}::int[])[band.i + 1], 2147483647)
     group by band.min_bps, band.i
     order by band.i`;

  return { figures, series, ltv };
}
