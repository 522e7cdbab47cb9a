import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ACCESS_REQUESTS_PAGE_SIZE,
  approvalSmsBody,
  LATER_SUBMISSIONS_KEPT,
  RECENT_ACCESS_REQUESTS,
  REJECTION_SMS_BODY,
  type AccessRequest,
  accessRequestTransitions,
  type AccessRequestStatus,
  type AdminAccessRequest,
  type AdminAccessRequestsResponse,
  type ReviewAccessRequestResponse,
} from '#common/access-request.ts';
import type { Actor, AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { accessRequestEvents, accessRequests } from '#server/db/schema/users.ts';
import { termsVersionInForceSql } from '#server/modules/legal/index.ts';
import { AppError, notFound } from '#server/errors.ts';
import { sendSms } from '#server/providers/sms/sms.service.ts';
import { audit, auditBy, auditInsertInto } from '#server/lib/audit.ts';
import { historyIn, inTransaction, transition, type Aggregate } from '#server/lib/transition.ts';
import { accessRequestUpdated } from './access-requests.events.ts';
import { isOptedOut } from '#server/modules/sms-convos/index.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

/**
 * A visitor asks for access. Anyone may submit any phone, so a repeat of a pending request never
 * overwrites it: the first submission stands and the repeat is recorded beside it for the admin
 * (the partial unique index makes that race-free). A phone that is already a member, or already
 * approved, changes nothing. The caller answers the same way in every case.
 *
 * The membership check, the upsert and the audit row are one statement, so every phone costs the
 * same round trips and an audit write: the answer's timing does not tell members from strangers.
 * The admins hear of a new or repeated request after the answer, so publishing (a Redis round
 * trip when scaled out) adds no time for strangers that members would not pay.
 */
export async function submitAccessRequest(ctx: Pick<AppContext, 'db' | 'clock' | 'live' | 'log' | 'tasks'>, actor: Actor, input: AccessRequest) {
  const ip = actor.ip;
  const now = ctx.clock.now().toISOString();
  const data = JSON.stringify({ marketingOptIn: input.marketingOptIn, smsOptIn: input.smsOptIn });
  const result = await ctx.db.execute(sql`
    with blocked as (
      select exists (select 1 from ${users} where ${users.phone} = ${input.phone}) as member,
             exists (select 1 from ${accessRequests} where ${accessRequests.phone} = ${input.phone} and ${accessRequests.status} = 'approved') as approved
    ),
    saved as (
      insert into ${accessRequests} (phone, instagram, referral, terms_accepted, privacy_accepted, marketing_opt_in, sms_opt_in, created_at, updated_at, terms_version)
      select ${input.phone}, ${input.instagram}, ${input.referral}, ${input.termsAccepted}, ${input.privacyAccepted},
             ${input.marketingOptIn}, ${input.smsOptIn}, ${now}::timestamptz, ${now}::timestamptz,
             ${termsVersionInForceSql(now)}
      from blocked where not blocked.member and not blocked.approved
      on conflict (phone) where status = 'pending' do update set
        later_submissions = (
          case when jsonb_array_length(${accessRequests.laterSubmissions}) >= ${LATER_SUBMISSIONS_KEPT}
               then ${accessRequests.laterSubmissions} - 0 else ${accessRequests.laterSubmissions} end
        ) || jsonb_build_array(jsonb_build_object(
          'at', ${now}::text, 'instagram', excluded.instagram, 'referral', excluded.referral,
          'marketingOptIn', excluded.marketing_opt_in, 'smsOptIn', excluded.sms_opt_in)),
        later_count = ${accessRequests.laterCount} + 1,
        updated_at = excluded.updated_at
      returning id, created_at <> ${now}::timestamptz as updated
    ),
    outcome as (
      select blocked.member, blocked.approved, saved.id, saved.updated from blocked left join saved on true
    ),
    logged as (
      ${auditInsertInto()}
      select null,
             case when outcome.id is null then 'access_request.ignored'
                  when outcome.updated then 'access_request.repeated' else 'access_request.submitted' end,
             'access_request', outcome.id::text, ${data}::jsonb, ${ip}, ${now}::timestamptz
      from outcome
    )
    select member, approved, id, updated from outcome`);
  const [row] = (result as unknown as { rows: { member: boolean; approved: boolean; id: string | null; updated: boolean | null }[] }).rows;
  if (row.member) return { outcome: 'member' as const };
  if (row.approved || !row.id) return { outcome: 'already_approved' as const };
  const id = row.id;
  ctx.tasks.run('access_request_updated', () => accessRequestUpdated(ctx, { id, status: 'pending', phone: input.phone }));
  return { outcome: row.updated ? ('repeated' as const) : ('created' as const), id };
}

const reviewers = userDirectory('reviewers');
const members = userDirectory('members');

const adminColumns = {
  request: accessRequests,
  reviewer: { id: reviewers.id, name: reviewers.name, phone: reviewers.phone },
  memberId: members.id,
};

type AdminRow = {
  request: typeof accessRequests.$inferSelect;
  reviewer: { id: string; name: string | null; phone: string } | null;
  memberId: string | null;
};

function toAdmin(row: AdminRow): AdminAccessRequest {
  const r = row.request;
  return {
    id: r.id,
    phone: r.phone,
    instagram: r.instagram,
    referral: r.referral,
    termsAccepted: r.termsAccepted,
    termsVersion: r.termsVersion,
    privacyAccepted: r.privacyAccepted,
    marketingOptIn: r.marketingOptIn,
    smsOptIn: r.smsOptIn,
    status: r.status,
    note: r.note,
    reviewer: row.reviewer?.id ? row.reviewer : null,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    isMember: Boolean(row.memberId),
    laterSubmissions: r.laterSubmissions,
    laterCount: r.laterCount,
  };
}

function selectAdmin(db: Db) {
  return db
    .select(adminColumns)
    .from(accessRequests)
    .leftJoin(reviewers, eq(reviewers.id, accessRequests.reviewerId))
    .leftJoin(members, eq(members.phone, accessRequests.phone));
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Matches phone (as typed or by its digits), Instagram (with or without @) and referral. */
export function accessRequestSearch(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const like = `%${likeEscape(term)}%`;
  const parts: SQL[] = [
    ilike(accessRequests.phone, like),
    ilike(accessRequests.instagram, `%${likeEscape(term.replace(/^@+/, ''))}%`),
    ilike(accessRequests.referral, like),
  ];
  const digits = term.replace(/\D/g, '');
  if (digits.length >= 3) parts.push(ilike(accessRequests.phone, `%${digits}%`));
  return or(...parts);
}

/** GET /api/admin/access-requests: filtered by status and search, newest first, paged. */
export async function listAccessRequests(
  ctx: Pick<AppContext, 'db'>,
  _actor: SignedInActor,
  query: { status?: AccessRequestStatus; q?: string; page: number },
): Promise<AdminAccessRequestsResponse> {
  const { db } = ctx;
  const search = accessRequestSearch(query.q);
  const where = and(query.status ? eq(accessRequests.status, query.status) : undefined, search);
  const [rows, [{ total }], byStatus] = await Promise.all([
    selectAdmin(db)
      .where(where)
      .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id))
      .limit(ACCESS_REQUESTS_PAGE_SIZE)
      .offset((query.page - 1) * ACCESS_REQUESTS_PAGE_SIZE),
    db.select({ total: count() }).from(accessRequests).where(where),
    db.select({ status: accessRequests.status, n: count() }).from(accessRequests).where(search).groupBy(accessRequests.status),
  ]);
  const counts = { pending: 0, approved: 0, rejected: 0 };
  for (const s of byStatus) counts[s.status] = Number(s.n);
  return {
    requests: rows.map(toAdmin),
    page: query.page,
    pageSize: ACCESS_REQUESTS_PAGE_SIZE,
    total: Number(total),
    counts,
  };
}

/** A STOP/START reply from a requester who is not a member yet: carried into the account made at sign-in. */
export async function carrySmsOptInToRequest(tx: Db, phone: string, smsOptIn: boolean, now: Date) {
  await tx
    .update(accessRequests)
    .set({ smsOptIn, updatedAt: now })
    .where(and(eq(accessRequests.phone, phone), inArray(accessRequests.status, ['pending', 'approved'])));
}

/** GET /api/admin/access-requests/recent, and the admin home's list. */
/**
 * The phone's latest approved access request (its opt-ins and the terms version it accepted), or
 * null: what sign-in checks and copies. Inside a transaction, hand it `{ db: tx }`.
 */
export async function latestApprovedRequest(ctx: Pick<AppContext, 'db'>, input: { phone: string }) {
  const [request] = await ctx.db
    .select({
      id: accessRequests.id,
      marketingOptIn: accessRequests.marketingOptIn,
      smsOptIn: accessRequests.smsOptIn,
      termsVersion: accessRequests.termsVersion,
    })
    .from(accessRequests)
    .where(and(eq(accessRequests.phone, input.phone), eq(accessRequests.status, 'approved')))
    .orderBy(desc(accessRequests.createdAt))
    .limit(1);
  return request ?? null;
}

export async function recentAccessRequests(ctx: Pick<AppContext, 'db'>): Promise<AdminAccessRequest[]> {
  const rows = await selectAdmin(ctx.db).orderBy(desc(accessRequests.createdAt), desc(accessRequests.id)).limit(RECENT_ACCESS_REQUESTS);
  return rows.map(toAdmin);
}

async function getAccessRequest(db: Db, id: string): Promise<AdminAccessRequest> {
  const [row] = await selectAdmin(db).where(eq(accessRequests.id, id)).limit(1);
  if (!row) throw notFound('Access request not found');
  return toAdmin(row);
}

type AccessRequestRow = typeof accessRequests.$inferSelect;

/** Reviews move through transition() (decision 136); access_request.approved/rejected is their audit row. */
const accessRequestAggregate: Aggregate<AccessRequestStatus, AccessRequestRow> = {
  name: 'access_request',
  table: accessRequests,
  idColumn: accessRequests.id,
  statusColumn: accessRequests.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: accessRequestTransitions,
  audited: false,
  recordHistory: historyIn(accessRequestEvents, 'accessRequestId'),
  conflict: () => new AppError('conflict', 'This request has already been reviewed'),
  notFound: () => notFound('Access request not found'),
};

/**
 * An admin approves or rejects a pending request. Approval makes the phone eligible to sign in
 * and texts the person how; rejection texts only when the admin asks. The decision is committed
 * (and audited) before any SMS goes out; a failed SMS is recorded and reported, not fatal.
 */
export async function reviewAccessRequest(
  ctx: Pick<AppContext, 'db' | 'clock' | 'sms' | 'config' | 'live' | 'log'>,
  actor: SignedInActor,
  opts: { id: string; status: 'approved' | 'rejected'; note: string | null; notify: boolean },
): Promise<ReviewAccessRequestResponse> {
  const now = ctx.clock.now();
  const phone = await inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const [current] = await tx
      .select({ id: accessRequests.id, status: accessRequests.status, phone: accessRequests.phone })
      .from(accessRequests)
      .where(eq(accessRequests.id, opts.id))
      .for('update')
      .limit(1);
    if (!current) throw notFound('Access request not found');
    if (current.status !== 'pending') throw new AppError('conflict', 'This request has already been reviewed');
    await transition(uow, accessRequestAggregate, {
      id: opts.id,
      from: 'pending',
      to: opts.status,
      actor,
      now,
      patch: { note: opts.note, reviewerId: actor.user.id, reviewedAt: now },
      data: { note: opts.note },
    });
    await audit(tx, {
      ...auditBy(actor),
      action: opts.status === 'approved' ? 'access_request.approved' : 'access_request.rejected',
      targetType: 'access_request',
      targetId: opts.id,
      data: { note: opts.note, notify: opts.status === 'approved' ? true : opts.notify },
      at: now,
    });
    return current.phone;
  });

  let sms: ReviewAccessRequestResponse['sms'] = { sent: false, status: null, reason: null };
  const shouldText = opts.status === 'approved' || opts.notify;
  if (shouldText) {
    if (await isOptedOut(ctx, { phone })) {
      sms = { sent: false, status: null, reason: 'This number has replied STOP; no SMS was sent.' };
    } else {
      const result = await sendSms(ctx, {
        to: phone,
        body: opts.status === 'approved' ? approvalSmsBody(ctx.config.appOrigin) : REJECTION_SMS_BODY,
        purpose: opts.status === 'approved' ? 'access_approved' : 'access_rejected',
        sentBy: actor.user.id,
      });
      sms = { sent: result.ok, status: result.status, reason: result.ok ? null : 'The SMS could not be delivered.' };
    }
  }
  const request = await getAccessRequest(ctx.db, opts.id);
  await accessRequestUpdated(ctx, request);
  return { request, sms };
}
