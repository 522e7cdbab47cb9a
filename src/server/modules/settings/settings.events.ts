import { settingsMessages, type SettingsSection } from '#common/settings.ts';
import type { EventsContext } from '#server/lib/transition.ts';

type Log = { warn: (o: object, m: string) => void };

/**
 * A section was saved: every instance drops its cached copy, and the other admins hear who changed
 * what. Runs after commit; a failed delivery is logged, never thrown.
 */
export async function settingsChanged(ctx: EventsContext, e: { section: SettingsSection; actorId: string | null; actorName: string | null }) {
  try {
    await ctx.live.settingsChanged(e.section);
    const message = settingsMessages.changed(e.actorName?.trim() || 'An admin', e.section);
    await ctx.live.publish(e.actorId ? { kind: 'admins', except: e.actorId } : { kind: 'admins' }, {
      type: 'notification',
      title: settingsMessages.notificationTitle,
      message,
    });
  } catch (err) {
    (ctx.log as Log | undefined)?.warn({ err: { message: (err as Error).message }, section: e.section }, 'settings change not announced');
  }
}
