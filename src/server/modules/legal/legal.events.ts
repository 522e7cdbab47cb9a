import type { EventsContext } from '#server/lib/transition.ts';

/** The cache key of the Terms versions every instance keeps (decision 144). */
export const TERMS_VERSIONS_KEY = 'legal:terms-versions';

/** A new Terms version: every instance drops its copy of the versions (this one already has). */
export async function termsPublished(ctx: Pick<EventsContext, 'live'> & { log?: { warn(o: object, m: string): void } }) {
  try {
    await ctx.live.settingsChanged(TERMS_VERSIONS_KEY);
  } catch (err) {
    // The other instances' copies still expire within the cache's lifetime.
    ctx.log?.warn({ err: { message: (err as Error).message } }, 'terms publication not announced');
  }
}
