import type { FastifyInstance } from 'fastify';
import { resolveSession, resolveSessionsById } from '#server/modules/auth/index.ts';
import { requestToken } from '#server/plugins/auth.ts';
import { createMemoryBus, type EventBus } from './bus.ts';
import { SocketHub } from './hub.ts';
import { registerWebSocket, type WsOptions } from './ws.routes.ts';

/** Redis when configured (its client loads only then), in-process otherwise. */
export async function createBus(redisUrl: string | undefined, log?: FastifyInstance['log']): Promise<EventBus> {
  if (!redisUrl) return createMemoryBus();
  const { createRedisBus } = await import('./bus-redis.ts');
  return createRedisBus(redisUrl, log);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live sockets. */
    liveHub: SocketHub;
  }
}

/** Wires the bus to this instance's sockets and serves /ws. */
export async function registerRealtime(app: FastifyInstance, bus: EventBus, opts: Partial<WsOptions> = {}) {
  const hub = new SocketHub({
    async revalidate(sessionIds) {
      const found = await resolveSessionsById(app.ctx, { sessionIds, now: app.ctx.clock.now(), idleMinutes: app.ctx.config.SESSION_IDLE_MINUTES });
      return new Map([...found].map(([id, s]) => [id, s.user]));
    },
    onError: (err, what) => app.log.warn({ err: { message: (err as Error)?.message, code: (err as { code?: string })?.code } }, `${what} failed`),
  });
  app.decorate('liveHub', hub);
  const unsubscribe = bus.subscribe((msg) => hub.handle(msg));
  app.addHook('onClose', async () => {
    unsubscribe();
    await bus.close();
  });
  await registerWebSocket(app, {
    hub,
    async authenticate(token, req) {
      const t = token || requestToken(req);
      if (!t) return null;
      // Without the lookup cache: a socket authenticates once, against the database.
      const s = await resolveSession({ db: app.ctx.db }, { token: t, now: app.ctx.clock.now(), idleMinutes: app.ctx.config.SESSION_IDLE_MINUTES });
      return s ? { user: s.user, expiresAt: s.expiresAt } : null;
    },
    ...opts,
  });
  return hub;
}
