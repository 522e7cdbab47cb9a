import { eq } from 'drizzle-orm';
import { messages, SESSION_MAX_AGE_SECONDS, SMS_OPTED_OUT_REASON, type ProfileData, type SessionUser } from '#common/auth.ts';
import { formatPhoneInternational } from '#common/phone.ts';
import type { Actor, AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { sessions } from '#server/db/schema/users.ts';
import { AppError, forbidden, notFound, unauthorized } from '#server/errors.ts';
import { sendSms } from '#server/providers/sms/sms.service.ts';
import { audit } from '#server/lib/audit.ts';
import { checkCode, consumeChallenge, invalidCode, issueChallenge } from './otp.service.ts';
import { deviceCookieAfterSignIn, isTrustedDevice } from './trusted-device.ts';
import { createSession, revokeSession } from './session.service.ts';
import { isInvitedPhone, onClientSignIn } from '#server/modules/onboarding/index.ts';
import { inTransaction } from '#server/lib/transition.ts';
import { isOptedOut } from '#server/modules/sms-convos/index.ts';
import { sessionEnded, signedIn } from './auth.events.ts';
import { recordRequestAcceptance } from '#server/modules/legal/index.ts';
import { latestApprovedRequest } from '#server/modules/access-requests/index.ts';
import { createMember, memberById, memberByPhone, type MemberRow, updateMemberAtSignIn } from '#server/modules/users/index.ts';

type User = MemberRow;

/**
 * Who may sign in: an active user, a phone with an approved access request, a phone invited by a
 * portfolio manager, or a phone in ADMIN_PHONES. A suspended user may not, whatever else is true.
 * Everything else asks this one function.
 */
export async function isEligibleToSignIn(
  ctx: { db: Db; config: Pick<AppContext['config'], 'ADMIN_PHONES'> },
  input: { phone: string },
): Promise<boolean> {
  const { db } = ctx;
  const { phone } = input;
  const adminPhones = ctx.config.ADMIN_PHONES;
  const user = await memberByPhone(db, phone);
  if (user) return user.status === 'active';
  if (adminPhones.includes(phone)) return true;
  if (await latestApprovedRequest({ db }, { phone })) return true;
  return isInvitedPhone(ctx, { phone });
}

export const otpMessage = (code: string) => `Your verification code is ${code}. It expires in 5 minutes. Never share it with anyone.`;

/** A request's proof of earlier sign-ins on this device: the raw device cookie, checked per phone. */
export interface DeviceProof {
  deviceCookie?: string;
}

/**
 * POST /api/send-otp. Every phone gets the same treatment (a challenge recorded, limits counted);
 * only an eligible one gets an SMS, delivered after the answer so timing reveals nothing either.
 *
 * One answer differs, and for any phone alike: a number whose last keyword reply to our SMS
 * number was STOP cannot receive a code (Twilio refuses it, error 21610), so the caller is told
 * how to opt back in instead of "code sent". Only a number that texted us has that state, and it
 * does not depend on whether the number is a member (decision 129).
 */
export async function sendOtp(ctx: AppContext, actor: Actor, opts: { phone: string } & DeviceProof) {
  const now = ctx.clock.now();
  const trusted = await isTrustedDevice(ctx, { phone: opts.phone, cookie: opts.deviceCookie, now });
  const code = await issueChallenge(ctx, { phone: opts.phone, ip: actor.ip, trusted, now });
  if (await isOptedOut(ctx, { phone: opts.phone })) {
    const from = ctx.config.TWILIO_FROM_NUMBER;
    throw new AppError('conflict', messages.smsOptedOut(from ? formatPhoneInternational(from) : 'our number'), { reason: SMS_OPTED_OUT_REASON });
  }
  const eligible = await isEligibleToSignIn(ctx, { phone: opts.phone });
  if (eligible) {
    ctx.tasks.run('otp sms', () => sendSms(ctx, { to: opts.phone, body: otpMessage(code), purpose: 'otp', secret: code }));
  }
}

export interface SignInInput {
  phone: string;
  otp: string;
  targetUserPhone?: string;
  profileData?: ProfileData;
}

export interface SignInResult {
  token: string;
  /** The device cookie to set: this device proved it holds the phone (none for return-to-admin). */
  deviceCookie?: string;
  expiresAt: Date;
  user: SessionUser;
  /** No earlier sign-in of this user (an impersonation or return to admin is never one). */
  firstSignIn?: boolean;
}

const sessionUser = (u: Pick<User, 'id' | 'name' | 'phone' | 'isAdmin' | 'isManager'>, isImpersonated: boolean): SessionUser => ({
  id: u.id,
  name: u.name,
  phone: u.phone,
  isAdmin: isImpersonated ? false : u.isAdmin,
  isManager: u.isManager,
  isImpersonated,
});

const blankToNull = (v: string | undefined) => (v === undefined ? undefined : v.trim() === '' ? null : v.trim());

/**
 * POST /api/verify-otp and /api/register: checks the code, creates the user on a first sign-in,
 * and opens a session (the target's, remembering the admin, when impersonating).
 */
export async function signInWithOtp(ctx: AppContext, actor: Actor, input: SignInInput & DeviceProof): Promise<SignInResult> {
  const { result, signerId } = await verifyAndOpenSession(ctx, actor, input);
  await signedIn(ctx, result.user.id);
  // The phone that received the code is the one this device proved it holds (the admin's own,
  // when impersonating).
  const deviceCookie = deviceCookieAfterSignIn(ctx.config.SESSION_SECRET, {
    phone: input.phone,
    userId: signerId,
    now: ctx.clock.now(),
    previous: input.deviceCookie,
  });
  return { ...result, deviceCookie };
}

async function verifyAndOpenSession(
  ctx: AppContext,
  actor: Actor,
  input: SignInInput & DeviceProof,
): Promise<{ result: SignInResult; signerId: string }> {
  const { config } = ctx;
  const { ip, userAgent } = actor;
  const now = ctx.clock.now();
  const trusted = await isTrustedDevice(ctx, { phone: input.phone, cookie: input.deviceCookie, now });
  const challengeId = await checkCode(ctx, { phone: input.phone, otp: input.otp, ip, trusted, now });

  return inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    if (!(await consumeChallenge(tx, challengeId, now))) throw invalidCode();
    if (!(await isEligibleToSignIn({ db: tx, config }, { phone: input.phone }))) throw invalidCode();

    const isConfiguredAdmin = config.ADMIN_PHONES.includes(input.phone);
    let user = await memberByPhone(tx, input.phone);
    const isNew = !user;
    const firstSignIn = !user?.lastLoginAt;
    // The account is made by this sign-in and a manager's invitation was its only way in.
    let viaInvitation = false;
    if (!user) {
      const request = await latestApprovedRequest({ db: tx }, { phone: input.phone });
      viaInvitation = !request && !isConfiguredAdmin;
      user = await createMember(tx, {
        phone: input.phone,
        name: blankToNull(input.profileData?.name) ?? null,
        email: blankToNull(input.profileData?.email) ?? null,
        isAdmin: isConfiguredAdmin,
        marketingOptIn: request?.marketingOptIn ?? false,
        smsOptIn: request?.smsOptIn ?? true,
        createdAt: now,
        updatedAt: now,
      });
      await recordRequestAcceptance(tx, { userId: user.id, version: request?.termsVersion ?? null, at: now, ip });
      await audit(tx, {
        actorId: user.id,
        action: 'user.created',
        targetType: 'user',
        targetId: user.id,
        data: { via: 'sign_in', isAdmin: user.isAdmin },
        ip,
        at: now,
      });
    } else {
      const patch: Partial<User> = { lastLoginAt: now };
      // Profile fields from the sign-in form fill gaps; they never overwrite what is there.
      const name = blankToNull(input.profileData?.name);
      const email = blankToNull(input.profileData?.email);
      if (name && !user.name) patch.name = name;
      if (email && !user.email) patch.email = email;
      if (isConfiguredAdmin && !user.isAdmin) {
        patch.isAdmin = true;
        await audit(tx, {
          actorId: user.id,
          action: 'user.roles_changed',
          targetType: 'user',
          targetId: user.id,
          data: { isAdmin: { from: false, to: true }, reason: 'ADMIN_PHONES' },
          ip,
          at: now,
        });
      }
      user = await updateMemberAtSignIn(tx, user.id, { ...patch, updatedAt: now });
    }
    if (isNew) user = await updateMemberAtSignIn(tx, user.id, { lastLoginAt: now });

    const signerId = user.id;
    if (input.targetUserPhone)
      return { result: await startImpersonation(tx, actor, { admin: user, targetUserPhone: input.targetUserPhone, now }), signerId };

    // An invited client's first sign-in moves their onboarding from pending_invitation on (when
    // it counts as accepting the manager; decision 127).
    const onboardingMoved = await onClientSignIn(uow, { user, now, ip, viaInvitation });
    if (!user.name && onboardingMoved?.clientName) user = { ...user, name: onboardingMoved.clientName };

    const session = await createSession(tx, { userId: user.id, now, ip, userAgent });
    await audit(tx, {
      actorId: user.id,
      action: 'auth.sign_in',
      targetType: 'session',
      targetId: session.id,
      data: { method: 'otp', newUser: isNew },
      ip,
      at: now,
    });
    return { result: { token: session.token, expiresAt: session.expiresAt, user: sessionUser(user, false), firstSignIn }, signerId };
  });
}

async function startImpersonation(tx: Db, actor: Actor, input: { admin: User; targetUserPhone: string; now: Date }): Promise<SignInResult> {
  const { admin, now } = input;
  const { ip, userAgent } = actor;
  if (!admin.isAdmin) throw forbidden('Only admins can sign in as another user');
  const target = await memberByPhone(tx, input.targetUserPhone);
  if (!target) throw notFound('User not found');
  if (target.isAdmin) throw forbidden('Admins cannot be impersonated');
  if (target.status !== 'active') throw forbidden('Suspended users cannot be impersonated');

  const session = await createSession(tx, { userId: target.id, impersonatorId: admin.id, now, ip, userAgent });
  await audit(tx, {
    actorId: target.id,
    impersonatorId: admin.id,
    action: 'impersonation.start',
    targetType: 'user',
    targetId: target.id,
    data: { sessionId: session.id, expiresAt: session.expiresAt.toISOString() },
    ip,
    at: now,
  });
  return { token: session.token, expiresAt: session.expiresAt, user: sessionUser(target, true) };
}

/**
 * POST /api/auth/logout: the session is revoked (an impersonation ends with it) and its sockets
 * close. A visitor without a session has nothing to end.
 */
export async function signOut(ctx: AppContext, actor: Actor) {
  const { user, ip } = actor;
  if (!user) return;
  const now = ctx.clock.now();
  await inTransaction(ctx, async ({ tx }) => {
    if (!(await revokeSession(tx, user.sessionId, now))) return;
    if (user.impersonatorId) {
      await audit(tx, {
        actorId: user.id,
        impersonatorId: user.impersonatorId,
        action: 'impersonation.stop',
        targetType: 'user',
        targetId: user.id,
        data: { reason: 'logout' },
        ip,
        at: now,
      });
    } else {
      await audit(tx, { actorId: user.id, action: 'auth.sign_out', targetType: 'session', targetId: user.sessionId, ip, at: now });
    }
  });
  await sessionEnded(ctx, { userId: user.id, sessionId: user.sessionId });
}

/**
 * POST /api/auth/return-to-admin: ends the impersonated session and gives the admin a session of
 * their own. The admin proved who they are when the impersonation started, so the new session
 * ends no later than 8 h after that moment.
 */
export async function returnToAdmin(ctx: AppContext, actor: SignedInActor): Promise<SignInResult> {
  const { user, ip, userAgent } = actor;
  if (!user.impersonatorId) throw new AppError('bad_request', 'This session is not an impersonation');
  const adminId = user.impersonatorId;
  const now = ctx.clock.now();
  const result = await inTransaction(ctx, async ({ tx }) => {
    const [current] = await tx.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, user.sessionId)).limit(1);
    if (!current || !(await revokeSession(tx, user.sessionId, now))) throw unauthorized();
    await audit(tx, {
      actorId: user.id,
      impersonatorId: adminId,
      action: 'impersonation.stop',
      targetType: 'user',
      targetId: user.id,
      data: { reason: 'return_to_admin' },
      ip,
      at: now,
    });

    const admin = await memberById(tx, adminId);
    if (!admin || !admin.isAdmin || admin.status !== 'active') throw forbidden('Your admin access has ended');
    const expiresAt = new Date(current.createdAt.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
    if (expiresAt <= now) throw unauthorized('Please sign in again');

    const session = await createSession(tx, { userId: admin.id, now, expiresAt, parentSessionId: user.sessionId, ip, userAgent });
    return { token: session.token, expiresAt: session.expiresAt, user: sessionUser(admin, false) };
  });
  await sessionEnded(ctx, { userId: user.id, sessionId: user.sessionId });
  return result;
}
