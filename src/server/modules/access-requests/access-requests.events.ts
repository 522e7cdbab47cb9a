import { eq } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { AccessRequestStatus } from '#common/access-request.ts';
import type { EventsContext } from '#server/lib/transition.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

const readablePhone = (e164: string) => parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;

/**
 * Tells every admin's screens (spec §7: access_request_updated refreshes the lists), including the
 * acting admin's other tabs. The event's userId names the request, so no admin reads it as their
 * own. A requester who already has an account also hears the outcome, with their own user id.
 */
export async function accessRequestUpdated(ctx: EventsContext, request: { id: string; status: AccessRequestStatus; phone: string }) {
  const message =
    request.status === 'pending'
      ? `New access request from ${readablePhone(request.phone)}.`
      : `Request from ${readablePhone(request.phone)} was ${request.status}.`;
  try {
    await ctx.live.publish({ kind: 'admins' }, { type: 'access_request_updated', userId: request.id, status: request.status, message });
    if (request.status === 'approved' || request.status === 'rejected') {
      const [requester] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, request.phone)).limit(1);
      if (requester) {
        await ctx.live.publish(
          { kind: 'user', userId: requester.id },
          { type: 'access_request_updated', userId: requester.id, status: request.status },
        );
      }
    }
  } catch (err) {
    ctx.log?.warn({ err: { message: (err as Error).message } }, 'access_request_updated not delivered');
  }
}
