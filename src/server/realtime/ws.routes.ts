import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CLOSE_POLICY, LIVE_MAX_MESSAGE_BYTES, liveAuthSchema } from '#common/live.ts';
import type { AuthUser } from '#server/context.ts';
import { isAppOrigin } from '#server/lib/origin.ts';
import type { SocketHub } from './hub.ts';

export interface WsOptions {
  hub: SocketHub;
  /** Resolves a session token (from the auth message, or the cookie) to its user. */
  authenticate(token: string | undefined, req: FastifyRequest): Promise<{ user: AuthUser; expiresAt: Date } | null>;
  authTimeoutMs?: number;
  heartbeatMs?: number;
  /** Messages allowed per connection per window before the socket is closed. */
  rateLimit?: { messages: number; windowMs: number };
}

/** The live connection at /ws: authenticated from the session, origin-checked, size- and rate-limited. */
export async function registerWebSocket(app: FastifyInstance, opts: WsOptions) {
  const { hub } = opts;
  const authTimeoutMs = opts.authTimeoutMs ?? 10_000;
  const heartbeatMs = opts.heartbeatMs ?? 30_000;
  const limit = opts.rateLimit ?? { messages: 30, windowMs: 10_000 };

  await app.register(websocket, {
    options: { maxPayload: LIVE_MAX_MESSAGE_BYTES },
    // A socket error is the client's doing (an oversized or malformed frame, an unclean
    // disconnect): ws has already closed with the right code. Log it without a stack trace.
    errorHandler(error, socket, req) {
      const { code, message } = error as Error & { code?: string };
      const protocolViolation = typeof code === 'string' && code.startsWith('WS_ERR_');
      req.log[protocolViolation ? 'warn' : 'info']({ code, reason: message }, 'live socket error');
      socket.terminate();
    },
  });

  const alive = new WeakMap<WebSocket, boolean>();
  const heartbeat = setInterval(() => {
    for (const client of app.websocketServer.clients) {
      if (alive.get(client) === false) {
        client.terminate();
        continue;
      }
      alive.set(client, false);
      client.ping();
    }
    // Sessions end by idling out, by expiry or elsewhere; an open socket is not activity (only
    // requests are), so a forgotten tab does not keep a session alive.
    void hub.sweep();
  }, heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  app.get('/ws', { websocket: true }, (socket, req) => {
    // Browsers always send Origin; a cross-site page must not ride a member's cookie.
    if (req.headers.origin !== undefined && !isAppOrigin(req, app.ctx.config)) {
      socket.close(CLOSE_POLICY, 'Origin not allowed');
      return;
    }
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));

    let conn: { socket: WebSocket; user: AuthUser } | null = null;
    let expiryTimer: NodeJS.Timeout | undefined;
    let windowStart = Date.now();
    let count = 0;
    const authTimer = setTimeout(() => socket.close(CLOSE_POLICY, 'Authentication required'), authTimeoutMs);

    socket.on('message', async (raw, isBinary) => {
      const now = Date.now();
      if (now - windowStart > limit.windowMs) {
        windowStart = now;
        count = 0;
      }
      if (++count > limit.messages) {
        socket.close(CLOSE_POLICY, 'Too many messages');
        return;
      }
      if (isBinary) return;
      let msg: unknown;
      try {
        msg = JSON.parse(raw.toString());
      } catch {
        return;
      }
      if (conn) {
        if ((msg as { type?: unknown })?.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
        return;
      }
      const parsed = liveAuthSchema.safeParse(msg);
      if (!parsed.success) {
        socket.close(CLOSE_POLICY, 'Authentication required');
        return;
      }
      clearTimeout(authTimer);
      // The client's userId is ignored: identity comes from the session alone.
      const session = await opts.authenticate(parsed.data.token, req).catch(() => null);
      if (!session || socket.readyState !== socket.OPEN) {
        socket.close(CLOSE_POLICY, 'Invalid credentials');
        return;
      }
      conn = { socket, user: session.user };
      hub.add(conn);
      const ttl = session.expiresAt.getTime() - app.ctx.clock.now().getTime();
      expiryTimer = setTimeout(() => socket.close(CLOSE_POLICY, 'Session expired'), Math.max(0, Math.min(ttl, 2 ** 31 - 1)));
      socket.send(JSON.stringify({ type: 'auth_success', userId: session.user.id }));
    });

    socket.on('close', () => {
      clearTimeout(authTimer);
      clearTimeout(expiryTimer);
      if (conn) hub.remove(conn);
    });
    socket.on('error', () => socket.terminate());
  });
}
