import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS_PER_IP_PER_HOUR,
  OTP_MAX_SENDS_PER_PHONE_PER_HOUR,
  OTP_MAX_SENDS_PER_PHONE_PER_IP_PER_HOUR,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_SECONDS,
  messages,
} from '#common/auth.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { otpChallenges } from '#server/db/schema/users.ts';
import { AppError } from '#server/errors.ts';

const HOUR_MS = 3_600_000;

/** Six digits from the operating system's cryptographic generator. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** HMAC-SHA256 of the code, bound to the phone, keyed with the server secret. */
export function hashCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`otp:${phone}:${code}`).digest('hex');
}

export function codeMatches(secret: string, phone: string, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashCode(secret, phone, code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const invalidCode = () => new AppError('bad_request', messages.invalidCode);
export const codeExpired = () => new AppError('bad_request', messages.codeExpired);

/**
 * The phone's latest unused challenge that has timed out, if no newer one replaced it. Only a
 * caller who holds its code is told it expired, so the answer reveals nothing to a guesser.
 */
export async function findExpiredChallenge(ctx: Pick<AppContext, 'db'>, input: { phone: string; now: Date }) {
  const { phone, now } = input;
  const [row] = await ctx.db
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.phone, phone), isNull(otpChallenges.consumedAt), isNull(otpChallenges.invalidatedAt)))
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  return row && row.expiresAt <= now && row.attempts < OTP_MAX_ATTEMPTS ? row : undefined;
}

/**
 * Records a new challenge for a phone (replacing any live one) after checking the send limits,
 * and returns the code. Limits are counted in the database under per-phone and per-IP advisory
 * locks, so they hold across any number of server instances and concurrent requests. Per phone
 * and address the limit is tight; per phone alone it is higher, so sends from other addresses
 * cannot lock the owner out.
 */
export async function issueChallenge(ctx: Pick<AppContext, 'db' | 'config'>, opts: { phone: string; ip: string | null; now: Date }) {
  const { phone, ip, now } = opts;
  const secret = ctx.config.SESSION_SECRET;
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  return ctx.db.transaction(async (tx) => {
    // Fixed order (phone, then IP) so two transactions never wait on each other in a cycle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:phone:${phone}`}))`);
    if (ip) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:ip:${ip}`}))`);

    let retryAfterMs = 0;
    const byPhone = await tx
      .select({ createdAt: otpChallenges.createdAt, ip: otpChallenges.ip })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phone, phone), gt(otpChallenges.createdAt, hourAgo)))
      .orderBy(asc(otpChallenges.createdAt));
    const newest = byPhone.at(-1);
    if (newest) {
      retryAfterMs = Math.max(retryAfterMs, newest.createdAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000 - now.getTime());
    }
    // Past the window's limit, the caller waits until enough of the oldest sends leave it.
    const waitFor = (rows: Array<{ createdAt: Date }>, max: number) =>
      rows.length >= max ? rows[rows.length - max].createdAt.getTime() + HOUR_MS - now.getTime() : 0;
    retryAfterMs = Math.max(retryAfterMs, waitFor(byPhone, OTP_MAX_SENDS_PER_PHONE_PER_HOUR));
    if (ip) {
      const byPhoneAndIp = byPhone.filter((r) => r.ip === ip);
      retryAfterMs = Math.max(retryAfterMs, waitFor(byPhoneAndIp, OTP_MAX_SENDS_PER_PHONE_PER_IP_PER_HOUR));

      const byIp = await tx
        .select({ createdAt: otpChallenges.createdAt })
        .from(otpChallenges)
        .where(and(eq(otpChallenges.ip, ip), gt(otpChallenges.createdAt, hourAgo)))
        .orderBy(desc(otpChallenges.createdAt))
        .limit(OTP_MAX_SENDS_PER_IP_PER_HOUR);
      if (byIp.length >= OTP_MAX_SENDS_PER_IP_PER_HOUR) {
        const oldest = byIp[OTP_MAX_SENDS_PER_IP_PER_HOUR - 1];
        retryAfterMs = Math.max(retryAfterMs, oldest.createdAt.getTime() + HOUR_MS - now.getTime());
      }
    }
    if (retryAfterMs > 0) {
      throw new AppError('rate_limited', messages.tooManyRequests, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
    }

    // A resend replaces the previous code.
    await tx
      .update(otpChallenges)
      .set({ invalidatedAt: now })
      .where(and(eq(otpChallenges.phone, phone), isNull(otpChallenges.consumedAt), isNull(otpChallenges.invalidatedAt)));

    const code = generateCode();
    await tx.insert(otpChallenges).values({
      phone,
      codeHash: hashCode(secret, phone, code),
      ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    });
    return code;
  });
}

/** The phone's live challenge: not consumed, not replaced or killed, not expired. */
export async function findLiveChallenge(ctx: Pick<AppContext, 'db'>, input: { phone: string; now: Date }) {
  const { phone, now } = input;
  const [row] = await ctx.db
    .select()
    .from(otpChallenges)
    .where(
      and(
        eq(otpChallenges.phone, phone),
        isNull(otpChallenges.consumedAt),
        isNull(otpChallenges.invalidatedAt),
        gt(otpChallenges.expiresAt, now),
      ),
    )
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  return row && row.attempts < OTP_MAX_ATTEMPTS ? row : undefined;
}

/** Counts a wrong guess; the fifth kills the code. */
export async function recordWrongAttempt(ctx: Pick<AppContext, 'db'>, input: { challengeId: string; now: Date }) {
  const { challengeId, now } = input;
  await ctx.db
    .update(otpChallenges)
    .set({
      attempts: sql`${otpChallenges.attempts} + 1`,
      invalidatedAt: sql`case when ${otpChallenges.attempts} + 1 >= ${OTP_MAX_ATTEMPTS} then ${now.toISOString()}::timestamptz else ${otpChallenges.invalidatedAt} end`,
    })
    .where(and(eq(otpChallenges.id, challengeId), isNull(otpChallenges.consumedAt), isNull(otpChallenges.invalidatedAt)));
}

/**
 * Marks the challenge used, if and only if it still is usable: the conditional update is what
 * makes a code single-use when two requests race with it.
 */
export async function consumeChallenge(tx: Db, challengeId: string, now: Date) {
  const rows = await tx
    .update(otpChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(otpChallenges.id, challengeId),
        isNull(otpChallenges.consumedAt),
        isNull(otpChallenges.invalidatedAt),
        gt(otpChallenges.expiresAt, now),
        sql`${otpChallenges.attempts} < ${OTP_MAX_ATTEMPTS}`,
      ),
    )
    .returning({ id: otpChallenges.id });
  return rows.length === 1;
}
