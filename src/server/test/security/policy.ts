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
 * The writes an impersonating admin may still make, and why. Impersonation is read-only: every
 * other POST, PUT, PATCH or DELETE answers 403 in an impersonated session. This list must equal the
 * routes that declare config.impersonation (the matrix checks it), so a new exception is a change
 * to this file, seen in review. Keep it short.
 */
export const impersonationExceptions: Readonly<Record<string, string>> = {
  'POST /api/auth/logout': 'ends the impersonation',
  'POST /api/auth/return-to-admin': "ends the impersonation and restores the admin's own session",
  'PATCH /api/user/profile': 'support fixes a typo in the name or email; changing message consent is refused',
};

export const writeMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The expected outcome of a call, derived from what the route declares (config.access and
 * config.impersonation):
 *   public  → allowed for everyone
 *   user    → 401 anonymous
 *   manager → 401 anonymous, 403 unless manager or admin
 *   admin   → 401 anonymous, 403 unless admin
 *   a write (POST/PUT/PATCH/DELETE) in an impersonated session → 403 unless the route declares
 *   a support exception (config.impersonation)
 */
export function expectedOutcome(route: Pick<RecordedRoute, 'method' | 'access' | 'impersonation'>, caller: Caller): Outcome {
  const access = route.access as Access;
  if (!knownPolicies.includes(access)) throw new Error(`unknown access policy ${JSON.stringify(route.access)}`);
  const who = roles[caller];
  if (access !== 'public' && !who.signedIn) return 401;
  if (access === 'manager' && !who.manager && !who.admin) return 403;
  if (access === 'admin' && !who.admin) return 403;
  if (who.impersonated && writeMethods.has(route.method) && !route.impersonation) return 403;
  return 'allowed';
}

export function outcomeOf(status: number): Outcome {
  return status === 401 ? 401 : status === 403 ? 403 : 'allowed';
}
