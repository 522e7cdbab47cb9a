import type { AdminUser, AdminUserPatch } from '#common/auth.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';

export type AccessChange = { kind: 'admin'; grant: boolean } | { kind: 'manager'; grant: boolean } | { kind: 'suspend' } | { kind: 'reactivate' };

export function displayName(user: Pick<AdminUser, 'name' | 'phone'>) {
  return user.name?.trim() || formatPhoneForDisplay(user.phone);
}

export function patchFor(change: AccessChange): AdminUserPatch {
  switch (change.kind) {
    case 'admin':
      return { isAdmin: change.grant };
    case 'manager':
      return { isManager: change.grant };
    case 'suspend':
      return { status: 'suspended' };
    case 'reactivate':
      return { status: 'active' };
  }
}

/** The confirmation wording for each change. */
export function describeChange(change: AccessChange, user: Pick<AdminUser, 'name' | 'phone'>) {
  const who = displayName(user);
  switch (change.kind) {
    case 'admin':
      return change.grant
        ? {
            title: `Make ${who} an admin?`,
            body: 'Admins can review access requests, change roles, suspend members and view any member account in admin mode.',
            action: 'Make admin',
            done: `${who} is now an admin.`,
            destructive: false,
          }
        : {
            title: `Remove admin access for ${who}?`,
            body: 'They keep their membership but lose the admin tools at their next request.',
            action: 'Remove admin',
            done: `${who} is no longer an admin.`,
            destructive: true,
          };
    case 'manager':
      return change.grant
        ? {
            title: `Make ${who} a portfolio manager?`,
            body: 'Portfolio managers can invite clients by text message and follow their onboarding.',
            action: 'Make manager',
            done: `${who} is now a portfolio manager.`,
            destructive: false,
          }
        : {
            title: `Remove manager access for ${who}?`,
            body: 'They will no longer reach the Portfolio Manager or their clients.',
            action: 'Remove manager',
            done: `${who} is no longer a portfolio manager.`,
            destructive: true,
          };
    case 'suspend':
      return {
        title: `Suspend ${who}?`,
        body: 'Suspending ends all of their sessions at once, on every device, and stops them from signing in until you reactivate the account. Their cards and records are kept.',
        action: 'Suspend member',
        done: `${who} is suspended and has been signed out everywhere.`,
        destructive: true,
      };
    case 'reactivate':
      return {
        title: `Reactivate ${who}?`,
        body: 'They will be able to sign in again with their phone number.',
        action: 'Reactivate',
        done: `${who} can sign in again.`,
        destructive: false,
      };
  }
}
