import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_FAILURES_PER_PHONE_PER_HOUR,
  OTP_MAX_SENDS_PER_IP_PER_HOUR,
  OTP_MAX_SENDS_PER_PHONE_PER_HOUR,
  OTP_MAX_SENDS_PER_PHONE_PER_IP_PER_HOUR,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_SECONDS,
  messages,
} from '#common/auth.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { otpChallenges, otpFailures } from '#server/db/schema/users.ts';
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

const phoneLock = (phone: string) => sql`select pg_advisory_xact_lock(hashtext(${`otp:phone:${phone}`}))`;

/**
 * Records a new challenge for a phone (replacing any live one) after checking the send limits,
 * and returns the code. Limits are counted in the database under per-phone and per-IP advisory
 * locks, so they hold across any number of server instances and concurrent requests.
 *
 * Per phone and client address the limits are tight (30 s apart, 5 an hour). The phone's own
 * limits over all addresses (30 s apart, 10 an hour) can be spent by strangers, so a device that
 * signed in to this phone before (`trusted`, from the device cookie) is held only to its own
 * address's share and the per-IP limit (decision 129).
 */
export async function issueChallenge(
  ctx: Pick<AppContext, 'db' | 'config'>,
  opts: { phone: string; ip: string | null; trusted?: boolean; now: Date },
) {
  const { phone, ip, now } = opts;
  const trusted = opts.trusted ?? false;
  const secret = ctx.config.SESSION_SECRET;
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  return ctx.db.transaction(async (tx) => {
    // Fixed order (phone, then IP) so two transactions never wait on each other in a cycle.
    await tx.execute(phoneLock(phone));
    if (ip) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:ip:${ip}`}))`);

    const byPhone = await tx
      .select({ createdAt: otpChallenges.createdAt, ip: otpChallenges.ip })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phone, phone), gt(otpChallenges.createdAt, hourAgo)))
      .orderBy(asc(otpChallenges.createdAt));
    const byPhoneAndIp = byPhone.filter((r) => r.ip === ip);
    // Past the window's limit, the caller waits until enough of the oldest sends leave it.
    const waitFor = (rows: Array<{ createdAt: Date }>, max: number) =>
      rows.length >= max ? rows[rows.length - max].createdAt.getTime() + HOUR_MS - now.getTime() : 0;
    const cooldown = (rows: Array<{ createdAt: Date }>) => {
      const newest = rows.at(-1);
      return newest ? newest.createdAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000 - now.getTime() : 0;
    };

    let retryAfterMs = Math.max(cooldown(byPhoneAndIp), waitFor(byPhoneAndIp, OTP_MAX_SENDS_PER_PHONE_PER_IP_PER_HOUR));
    if (!trusted) {
      retryAfterMs = Math.max(retryAfterMs, cooldown(byPhone), waitFor(byPhone, OTP_MAX_SENDS_PER_PHONE_PER_HOUR));
    }
    if (ip) {
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

const sameIp = (ip: string | null) => (ip === null ? isNull(otpFailures.ip) : eq(otpFailures.ip, ip));

/**
 * Checks a code against the phone's latest challenge and returns the challenge's id when it
 * matches; otherwise throws "invalid" (or "expired", told only to a caller who holds the expired
 * code, so the answer reveals nothing to a guesser). Under the phone's lock, so concurrent guesses
 * are counted one after another. A code is refused without being compared when
 *  - this client address has made OTP_MAX_ATTEMPTS wrong guesses at it (it is dead for that
 *    address: a new send is needed), or
 *  - the caller is not a trusted device and the phone has had OTP_MAX_FAILURES_PER_PHONE_PER_HOUR
 *    wrong guesses from untrusted callers in the last hour (the brute-force ceiling; a device that
 *    signed in to the phone before is not held to it, so strangers cannot lock the owner out).
 * The caller consumes the challenge (consumeChallenge), which makes it single-use.
 */
export async function checkCode(
  ctx: Pick<AppContext, 'db' | 'config'>,
  input: { phone: string; otp: string; ip: string | null; trusted: boolean; now: Date },
): Promise<string> {
  const { phone, otp, ip, trusted, now } = input;
  const outcome = await ctx.db.transaction(async (tx) => {
    await tx.execute(phoneLock(phone));
    const [challenge] = await tx
      .select()
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phone, phone), isNull(otpChallenges.consumedAt), isNull(otpChallenges.invalidatedAt)))
      .orderBy(desc(otpChallenges.createdAt))
      .limit(1);
    if (!challenge) return 'invalid' as const;
    const [{ mine }] = await tx
      .select({ mine: count() })
      .from(otpFailures)
      .where(and(eq(otpFailures.challengeId, challenge.id), sameIp(ip)));
    if (mine >= OTP_MAX_ATTEMPTS) return 'invalid' as const;
    if (!trusted) {
      const [{ strangers }] = await tx
        .select({ strangers: count() })
        .from(otpFailures)
        .where(and(eq(otpFailures.phone, phone), eq(otpFailures.trusted, false), gt(otpFailures.createdAt, new Date(now.getTime() - HOUR_MS))));
      if (strangers >= OTP_MAX_FAILURES_PER_PHONE_PER_HOUR) return 'invalid' as const;
    }
    const matches = codeMatches(ctx.config.SESSION_SECRET, phone, otp, challenge.codeHash);
    if (challenge.expiresAt <= now) return matches ? ('expired' as const) : ('invalid' as const);
    if (matches) return { challengeId: challenge.id };
    await tx.insert(otpFailures).values({ challengeId: challenge.id, phone, ip, trusted, createdAt: now });
    await tx
      .update(otpChallenges)
      .set({ attempts: sql`${otpChallenges.attempts} + 1` })
      .where(eq(otpChallenges.id, challenge.id));
    return 'invalid' as const;
  });
  if (outcome === 'expired') throw codeExpired();
  if (outcome === 'invalid') throw invalidCode();
  return outcome.challengeId;
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
      and(eq(otpChallenges.id, challengeId), isNull(otpChallenges.consumedAt), isNull(otpChallenges.invalidatedAt), gt(otpChallenges.expiresAt, now)),
    )
    .returning({ id: otpChallenges.id });
  return rows.length === 1;
}
