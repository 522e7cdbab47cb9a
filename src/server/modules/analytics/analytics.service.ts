import { createHmac } from 'node:crypto';
import type { PageViewInput } from '#common/analytics.ts';
import type { Actor, AppContext } from '#server/context.ts';
import { pageViews } from '#server/db/schema/platform.ts';

/**
 * POST /api/analytics/page-view. The address is kept only as a keyed hash: enough to count
 * unique visitors, useless to identify one.
 */
export async function recordPageView(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, actor: Actor, input: PageViewInput) {
  const ipHash = createHmac('sha256', ctx.config.SESSION_SECRET)
    .update(actor.ip ?? '')
    .digest('hex')
    .slice(0, 32);
  await ctx.db.insert(pageViews).values({
    path: input.path,
    referrer: input.referrer || null,
    userId: actor.user?.id ?? null,
    ipHash,
    userAgent: actor.userAgent?.slice(0, 512) ?? null,
    createdAt: ctx.clock.now(),
  });
}
