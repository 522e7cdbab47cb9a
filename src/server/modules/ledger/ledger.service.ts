import { and, asc, desc, eq, gte, inArray, lt, sql, sum, type SQL } from 'drizzle-orm';
import {
  debitNormal,
  LEDGER_CURRENCY,
  LEDGER_ENTRIES_PAGE_SIZE,
  ledgerAccounts,
  ledgerMessages,
  type LedgerAccountKind,
  type LedgerCauseType,
  type LedgerEntriesQuery,
  type LedgerEntriesResponse,
  type LedgerEntry,
  type TrialBalance,
} from '#common/ledger.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { ledgerAccountsTable, ledgerEntries, ledgerLines } from '#server/db/schema/ledger.ts';
import { AppError, notFound } from '#server/errors.ts';

type Ctx = Pick<AppContext, 'db'>;

/** A bug in a caller: an entry that does not balance or is not money (never a client's fault). */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

export interface PostLine {
  account: string;
  debitCents?: number;
  creditCents?: number;
  memo?: string | null;
  related?: { kind: string; id: string } | null;
  invoiceId?: string | null;
}

export interface PostEntryInput {
  causeType: LedgerCauseType;
  causeId: string;
  memo: string;
  lines: PostLine[];
  occurredAt: Date;
  currency?: string;
  actorId?: string | null;
  reversesEntryId?: string | null;
  /** Accounts not in the fixed chart (a fund's), created on first use. */
  newAccounts?: { code: string; name: string; kind: LedgerAccountKind }[];
}

const wholeCents = (n: number | undefined) => n === undefined || (Number.isSafeInteger(n) && n >= 0);

/** The checks `postEntry` makes before writing, exported for the unit tests. */
export function checkEntry(input: Pick<PostEntryInput, 'lines' | 'currency'>): { debits: number; credits: number } {
  if ((input.currency ?? LEDGER_CURRENCY) !== LEDGER_CURRENCY) throw new LedgerError(ledgerMessages.currency);
  if (input.lines.length < 2) throw new LedgerError(ledgerMessages.empty);
  let debits = 0;
  let credits = 0;
  for (const l of input.lines) {
    if (!wholeCents(l.debitCents) || !wholeCents(l.creditCents)) throw new LedgerError(ledgerMessages.amount);
    const d = l.debitCents ?? 0;
    const c = l.creditCents ?? 0;
    if ((d === 0) === (c === 0)) throw new LedgerError(ledgerMessages.amount);
    debits += d;
    credits += c;
  }
  if (debits !== credits) throw new LedgerError(ledgerMessages.unbalanced);
  return { debits, credits };
}

export const idempotencyKey = (causeType: LedgerCauseType, causeId: string) => `${causeType}:${causeId}`;

/**
 * Writes one journal entry inside the caller's transaction (decision 132): refuses unbalanced,
 * fractional, negative or two-sided lines and any currency but USD; a second post for the same
 * cause returns the first entry and writes nothing.
 */
export async function postEntry(tx: Db, input: PostEntryInput): Promise<{ id: string; posted: boolean }> {
  const id = await insertEntry(tx, input);
  if (id) return { id, posted: true };
  // This cause was posted before (or by a concurrent transaction).
  const key = idempotencyKey(input.causeType, input.causeId);
  const [won] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key)).limit(1);
  // Otherwise another cause reversed the same entry first.
  if (!won) throw new AppError('conflict', ledgerMessages.alreadyReversed);
  return { id: won.id, posted: false };
}

/**
 * The same for an entry that reverses nothing, when the caller only needs it to exist: a cause
 * already posted costs the one refused insert and no look-up (a payment re-asserting its invoice's
 * sent entry, bench/settlement.ts).
 */
export async function postEntryIfAbsent(tx: Db, input: Omit<PostEntryInput, 'reversesEntryId'>): Promise<boolean> {
  return (await insertEntry(tx, input)) !== null;
}

/**
 * Inserts the entry and its lines in one statement (the lines' insert reads the entry's from a
 * WITH); null when the entry's key is taken: the insert's conflict is the check, so nothing is
 * looked up first and a taken key writes no lines.
 */
async function insertEntry(tx: Db, input: PostEntryInput): Promise<string | null> {
  checkEntry(input);
  if (input.newAccounts?.length) await tx.insert(ledgerAccountsTable).values(input.newAccounts).onConflictDoNothing();
  const lines = input.lines.map((l) => ({
    account_code: l.account,
    debit_cents: l.debitCents ?? 0,
    credit_cents: l.creditCents ?? 0,
    memo: l.memo ?? null,
    related_kind: l.related?.kind ?? null,
    related_id: l.related?.id ?? null,
    invoice_id: l.invoiceId ?? null,
  }));
  const res = (await tx.execute(sql`
    with entry as (
      insert into ledger_entries (idempotency_key, cause_type, cause_id, memo, currency, reverses_entry_id, actor_id, occurred_at)
      values (${idempotencyKey(input.causeType, input.causeId)}, ${input.causeType}, ${input.causeId}, ${input.memo}, ${LEDGER_CURRENCY},
              ${input.reversesEntryId ?? null}::uuid, ${input.actorId ?? null}::uuid, ${input.occurredAt.toISOString()}::timestamptz)
      on conflict do nothing
      returning id, occurred_at
    )
    insert into ledger_lines (entry_id, account_code, debit_cents, credit_cents, memo, related_kind, related_id, invoice_id, occurred_at)
    select entry.id, l.account_code, l.debit_cents, l.credit_cents, l.memo, l.related_kind, l.related_id, l.invoice_id, entry.occurred_at
      from entry
     cross join jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
        as l(account_code text, debit_cents bigint, credit_cents bigint, memo text, related_kind text, related_id text, invoice_id uuid)
    returning entry_id`)) as unknown as { rows: { entry_id: string }[] };
  return res.rows[0]?.entry_id ?? null;
}

/** The entry posted for a cause, if any. */
export async function entryFor(tx: Db, causeType: LedgerCauseType, causeId: string) {
  const [row] = await tx
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, idempotencyKey(causeType, causeId)))
    .limit(1);
  return row ?? null;
}

/**
 * A correction: the same lines with debit and credit swapped, pointing at the original. The key
 * is the caller's cause (a voided invoice, a refund) or the original entry's id.
 */
export async function reverseEntry(
  tx: Db,
  input: { entryId: string; causeType?: LedgerCauseType; causeId?: string; memo: string; occurredAt: Date; actorId?: string | null },
): Promise<{ id: string; posted: boolean }> {
  const [orig] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, input.entryId)).limit(1);
  if (!orig) throw notFound(ledgerMessages.entryNotFound);
  const causeType = input.causeType ?? 'reversal';
  const causeId = input.causeId ?? orig.id;
  const already = await entryFor(tx, causeType, causeId);
  if (already) return { id: already.id, posted: false };
  const [reversed] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.reversesEntryId, orig.id)).limit(1);
  if (reversed) throw new AppError('conflict', ledgerMessages.alreadyReversed);
  const lines = await tx.select().from(ledgerLines).where(eq(ledgerLines.entryId, orig.id)).orderBy(asc(ledgerLines.id));
  return postEntry(tx, {
    causeType,
    causeId,
    memo: input.memo,
    occurredAt: input.occurredAt,
    actorId: input.actorId ?? null,
    reversesEntryId: orig.id,
    lines: lines.map((l) => ({
      account: l.accountCode,
      debitCents: l.creditCents,
      creditCents: l.debitCents,
      memo: l.memo,
      related: l.relatedKind && l.relatedId ? { kind: l.relatedKind, id: l.relatedId } : null,
      invoiceId: l.invoiceId,
    })),
  });
}

/** Net debit (debit − credit) on one account for one invoice's lines; for the tests and reconciliation. */
export async function invoiceAccountNet(tx: Db, input: { invoiceId: string; account: string }): Promise<number> {
  const [row] = await tx
    .select({ d: sum(ledgerLines.debitCents), c: sum(ledgerLines.creditCents) })
    .from(ledgerLines)
    .where(and(eq(ledgerLines.invoiceId, input.invoiceId), eq(ledgerLines.accountCode, input.account)));
  return Number(row?.d ?? 0) - Number(row?.c ?? 0);
}

/** GET /api/admin/ledger/trial-balance: every account's balance on its normal side, and the totals. */
export async function trialBalance(ctx: Ctx, _actor?: SignedInActor): Promise<TrialBalance> {
  const rows = await ctx.db
    .select({
      code: ledgerAccountsTable.code,
      name: ledgerAccountsTable.name,
      kind: ledgerAccountsTable.kind,
      d: sql<string>`coalesce(sum(${ledgerLines.debitCents}), 0)`,
      c: sql<string>`coalesce(sum(${ledgerLines.creditCents}), 0)`,
    })
    .from(ledgerAccountsTable)
    .leftJoin(ledgerLines, eq(ledgerLines.accountCode, ledgerAccountsTable.code))
    .groupBy(ledgerAccountsTable.code, ledgerAccountsTable.name, ledgerAccountsTable.kind)
    .orderBy(asc(ledgerAccountsTable.code));
  const order = Object.keys(ledgerAccounts);
  const rank = (code: string) => (order.includes(code) ? order.indexOf(code) : order.length);
  let debitsCents = 0;
  let creditsCents = 0;
  const accounts = rows
    .map((r) => {
      const d = Number(r.d);
      const c = Number(r.c);
      debitsCents += d;
      creditsCents += c;
      return { code: r.code, name: r.name, kind: r.kind, balanceCents: debitNormal(r.kind) ? d - c : c - d };
    })
    .sort((a, b) => rank(a.code) - rank(b.code) || a.code.localeCompare(b.code));
  return { debitsCents, creditsCents, balanced: debitsCents === creditsCents, accounts };
}

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000);

/** GET /api/admin/ledger/entries: newest first, 50 a page, by invoice, account and day (UTC). */
export async function listEntries(ctx: Ctx, _actor: SignedInActor | undefined, input: LedgerEntriesQuery): Promise<LedgerEntriesResponse> {
  const where: SQL[] = [];
  const byLine: SQL[] = [];
  if (input.invoiceId) byLine.push(eq(ledgerLines.invoiceId, input.invoiceId));
  if (input.account) byLine.push(eq(ledgerLines.accountCode, input.account));
  if (byLine.length) {
    where.push(
      inArray(
        ledgerEntries.id,
        ctx.db
          .selectDistinct({ id: ledgerLines.entryId })
          .from(ledgerLines)
          .where(and(...byLine)),
      ),
    );
  }
  if (input.from) where.push(gte(ledgerEntries.occurredAt, new Date(`${input.from}T00:00:00Z`)));
  if (input.to) where.push(lt(ledgerEntries.occurredAt, nextDay(input.to)));
  const page = input.page;
  const rows = await ctx.db
    .select()
    .from(ledgerEntries)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(ledgerEntries.occurredAt), desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(LEDGER_ENTRIES_PAGE_SIZE)
    .offset((page - 1) * LEDGER_ENTRIES_PAGE_SIZE);
  const ids = rows.map((r) => r.id);
  const lines = ids.length
    ? await ctx.db
        .select({ line: ledgerLines, accountName: ledgerAccountsTable.name })
        .from(ledgerLines)
        .innerJoin(ledgerAccountsTable, eq(ledgerAccountsTable.code, ledgerLines.accountCode))
        .where(inArray(ledgerLines.entryId, ids))
        .orderBy(asc(ledgerLines.entryId), desc(ledgerLines.debitCents), asc(ledgerLines.accountCode))
    : [];
  const entries: LedgerEntry[] = rows.map((e) => ({
    id: e.id,
    causeType: e.causeType,
    causeId: e.causeId,
    memo: e.memo,
    currency: LEDGER_CURRENCY,
    occurredAt: e.occurredAt.toISOString(),
    reversesEntryId: e.reversesEntryId,
    lines: lines
      .filter((l) => l.line.entryId === e.id)
      .map(({ line: l, accountName }) => ({
        account: l.accountCode,
        accountName,
        debitCents: l.debitCents,
        creditCents: l.creditCents,
        memo: l.memo,
        related: l.relatedKind && l.relatedId ? { kind: l.relatedKind, id: l.relatedId } : null,
        invoiceId: l.invoiceId,
      })),
  }));
  return { entries, page, pageSize: LEDGER_ENTRIES_PAGE_SIZE };
}

/** One movement on the provider clearing account, as reconciliation reads it. */
export interface ClearingMovement {
  causeType: LedgerCauseType;
  /** The provider's reference the line carries (a payment intent, a session, a subscription). */
  reference: string | null;
  /** Debit minus credit: money in from the provider is positive, money back out negative. */
  netCents: number;
  invoiceId: string | null;
}

/** Every provider clearing line of entries that occurred in [from, to). */
export async function clearingMovements(ctx: Ctx, input: { from: Date; to: Date }): Promise<ClearingMovement[]> {
  const rows = await ctx.db
    .select({
      causeType: ledgerEntries.causeType,
      memo: ledgerLines.memo,
      d: ledgerLines.debitCents,
      c: ledgerLines.creditCents,
      invoiceId: ledgerLines.invoiceId,
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .where(and(eq(ledgerLines.accountCode, 'provider_clearing'), gte(ledgerEntries.occurredAt, input.from), lt(ledgerEntries.occurredAt, input.to)))
    .orderBy(asc(ledgerEntries.occurredAt), asc(ledgerLines.id));
  return rows.map((r) => ({ causeType: r.causeType, reference: r.memo, netCents: r.d - r.c, invoiceId: r.invoiceId }));
}
