import type { Access } from '#server/context.ts';
import { knownPolicies, type RecordedRoute } from './route-table.ts';

/** Who calls, in the authorization matrix. An impersonating admin has the target's roles. */
export type Caller = 'anonymous' | 'member' | 'manager' | 'admin' | 'admin as member' | 'admin as manager';
export const callers: readonly Caller[] = ['anonymous', 'member', 'manager', 'admin', 'admin as member', 'admin as manager'];

/** What the gate must answer: refused with 401, refused with 403, or let through (anything but 401/403). */
export type Outcome = 401 | 403 | 'allowed';

const roles: Record<Caller, { signedIn: boolean; manager: boolean; admin: boolean; impersonated: boolean }> = {
  anonymous: { signedIn: false, manager: false, admin: false, impersonated: false },
  member: { signedIn: true, manager: false, admin: false, impersonated: false },
  manager: { signedIn: true, manager: true, admin: false, impersonated: false },
  admin: { signedIn: true, manager: false, admin: true, impersonated: false },
  // Admins are never impersonated, so an impersonating admin is never an admin.
  'admin as member': { signedIn: true, manager: false, admin: false, impersonated: true },
  'admin as manager': { signedIn: true, manager: true, admin: false, impersonated: true },
};

/**
 * The expected outcome of a call, derived from what the route declares (config.access and
 * config.noImpersonation):
 *   public  → allowed for everyone
 *   user    → 401 anonymous
 *   manager → 401 anonymous, 403 unless manager or admin
 *   admin   → 401 anonymous, 403 unless admin
 *   noImpersonation, or a money/signing write (mustRefuseImpersonation) → 403 in an impersonated session
 */
/**
 * Writes that move money, confirm a deposit, sign or hand over identity on someone's behalf: an
 * impersonating admin is refused on each, whether or not the route remembered to say so. Matched by
 * path so that routes added later (payments, loans, invoices, phone changes) are covered.
 */
const refusesImpersonationPaths: readonly RegExp[] = [
  /\/confirm-deposit(\/|$)/,
  /^\/api\/onboarding\/(accept|decline|remove-manager|tier|allocation|kyc|sign)$/,
  /^\/api\/user\/kyc\/documents$/,
  /\/phone(\/|$)/,
  /^\/api\/(.+\/)?(payments?|loans?|invoices?|deposits?|withdrawals?|payouts?|transfers?|wires?)(\/|$)/,
];

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a route must refuse an impersonating admin (see refusesImpersonationPaths). */
export function mustRefuseImpersonation(route: Pick<RecordedRoute, 'method' | 'url'>): boolean {
  return writeMethods.has(route.method) && refusesImpersonationPaths.some((re) => re.test(route.url));
}

export function expectedOutcome(
  route: Pick<RecordedRoute, 'access' | 'noImpersonation'> & Partial<Pick<RecordedRoute, 'method' | 'url'>>,
  caller: Caller,
): Outcome {
  const access = route.access as Access;
  if (!knownPolicies.includes(access)) throw new Error(`unknown access policy ${JSON.stringify(route.access)}`);
  const who = roles[caller];
  if (access !== 'public' && !who.signedIn) return 401;
  if (access === 'manager' && !who.manager && !who.admin) return 403;
  if (access === 'admin' && !who.admin) return 403;
  const refuses = route.noImpersonation || (route.method !== undefined && route.url !== undefined && mustRefuseImpersonation({ method: route.method, url: route.url }));
  if (refuses && who.impersonated) return 403;
  return 'allowed';
}

export function outcomeOf(status: number): Outcome {
  return status === 401 ? 401 : status === 403 ? 403 : 'allowed';
}
