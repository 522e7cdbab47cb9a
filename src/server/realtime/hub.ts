import type { WebSocket } from 'ws';
import { CLOSE_POLICY, type LiveEvent } from '#common/live.ts';
import type { AuthUser } from '#server/context.ts';
import type { Audience, BusMessage, EventBus } from './bus.ts';

export interface LiveConnection {
  socket: WebSocket;
  user: AuthUser;
}

/** Re-reads sessions by id: the valid ones with their users' current roles; a missing id is a dead session. */
export type RevalidateSessions = (sessionIds: string[]) => Promise<Map<string, AuthUser>>;

export interface SocketHubOptions {
  revalidate?: RevalidateSessions;
  onError?: (err: unknown, what: string) => void;
}

/** The session check itself failed (database down): the client reconnects and authenticates again. */
const CLOSE_TRY_AGAIN = 1013;

/** This instance's authenticated sockets, indexed by user. */
export class SocketHub {
  private byUser = new Map<string, Set<LiveConnection>>();
  /**
   * Sockets whose user's roles or sessions changed and are being re-read: their events wait here,
   * in order, and are delivered after the re-read to whatever the user is then entitled to.
   */
  private held = new Map<LiveConnection, { audience: Audience; data: string }[]>();
  /** The newest check of each socket; an older one that finishes later is ignored. */
  private checks = new WeakMap<LiveConnection, number>();
  private checkSeq = 0;

  constructor(private opts: SocketHubOptions = {}) {}

  add(conn: LiveConnection) {
    let set = this.byUser.get(conn.user.id);
    if (!set) this.byUser.set(conn.user.id, (set = new Set()));
    set.add(conn);
  }

  remove(conn: LiveConnection) {
    this.held.delete(conn);
    const set = this.byUser.get(conn.user.id);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.byUser.delete(conn.user.id);
  }

  get size() {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Connections entitled to an audience; nobody outside it ever receives the event. */
  *recipients(audience: Audience): Iterable<LiveConnection> {
    switch (audience.kind) {
      case 'user':
        yield* this.byUser.get(audience.userId) ?? [];
        return;
      case 'users':
        for (const id of new Set(audience.userIds)) yield* this.byUser.get(id) ?? [];
        return;
      case 'admins':
        for (const set of this.byUser.values())
          for (const c of set) if (c.user.isAdmin && ('except' in audience ? c.user.id !== audience.except : true)) yield c;
        return;
      case 'members':
        for (const set of this.byUser.values()) yield* set;
        return;
      case 'any':
        for (const a of audience.of) yield* this.recipients(a);
        return;
    }
  }

  /** Whether one connection is in an audience, by its user as now known. */
  private entitled(c: LiveConnection, audience: Audience): boolean {
    switch (audience.kind) {
      case 'user':
        return audience.userId === c.user.id;
      case 'users':
        return audience.userIds.includes(c.user.id);
      case 'admins':
        return c.user.isAdmin && ('except' in audience ? c.user.id !== audience.except : true);
      case 'members':
        return true;
      case 'any':
        return audience.of.some((a) => this.entitled(c, a));
    }
  }

  handle(msg: BusMessage) {
    if (msg.kind === 'disconnect') {
      for (const c of [...(this.byUser.get(msg.userId) ?? [])]) {
        if (!msg.sessionId || c.user.sessionId === msg.sessionId) c.socket.close(CLOSE_POLICY, 'Session ended');
      }
      return;
    }
    if (msg.kind === 'settings') return;
    if (msg.kind === 'sessions') {
      // Roles cached at socket auth must not outlive a change: hold the user's sockets (and those
      // where they impersonate someone) until their sessions are read again.
      const conns = [...(this.byUser.get(msg.userId) ?? [])];
      for (const set of this.byUser.values()) for (const c of set) if (c.user.impersonatorId === msg.userId) conns.push(c);
      if (!conns.length || !this.opts.revalidate) return;
      for (const c of conns) if (!this.held.has(c)) this.held.set(c, []);
      void this.check(conns, true);
      return;
    }
    // Serialise once for every recipient.
    const data = JSON.stringify(msg.event);
    for (const queue of this.held.values()) queue.push({ audience: msg.audience, data });
    // A Set: a socket in several of the audiences hears the event once.
    for (const c of new Set(this.recipients(msg.audience))) {
      if (!this.held.has(c) && c.socket.readyState === c.socket.OPEN) c.socket.send(data);
    }
  }

  /**
   * Re-checks every socket's session (the heartbeat calls this): sockets whose session ended, idled
   * out or expired close; roles are brought up to date. A database error leaves sockets as they are.
   */
  async sweep() {
    const conns: LiveConnection[] = [];
    for (const set of this.byUser.values()) for (const c of set) if (!this.held.has(c)) conns.push(c);
    if (conns.length && this.opts.revalidate) await this.check(conns, false);
  }

  private async check(conns: LiveConnection[], held: boolean) {
    const seq = ++this.checkSeq;
    for (const c of conns) this.checks.set(c, seq);
    let valid: Map<string, AuthUser> | null = null;
    try {
      valid = await this.opts.revalidate!(conns.map((c) => c.user.sessionId));
    } catch (err) {
      this.opts.onError?.(err, 'live session check');
    }
    for (const c of conns) {
      if (this.checks.get(c) !== seq) continue;
      const queue = this.held.get(c) ?? [];
      if (held) this.held.delete(c);
      if (!valid) {
        // Held events cannot be judged without the roles: the client reconnects and reloads.
        if (held) c.socket.close(CLOSE_TRY_AGAIN, 'Try again');
        continue;
      }
      const user = valid.get(c.user.sessionId);
      if (!user) {
        c.socket.close(CLOSE_POLICY, 'Session expired');
        continue;
      }
      c.user = user;
      for (const item of queue) {
        if (this.entitled(c, item.audience) && c.socket.readyState === c.socket.OPEN) c.socket.send(item.data);
      }
    }
  }
}

/** What modules call to raise a live event; one call, whatever the transport. */
export interface Live {
  /** Several audiences are one `any` audience. Call only from a module's events file, after commit. */
  publish(audience: Audience | Audience[], event: LiveEvent): Promise<void>;
  /** Closes a user's sockets (all, or one session's) on every instance. */
  disconnect(userId: string, sessionId?: string): Promise<void>;
  /** Drops cached session lookups of a user (and the sessions they impersonate in), and re-checks their sockets, on every instance. */
  sessionsChanged(userId: string): Promise<void>;
  /** Drops the cached copy of a settings section on every instance. */
  settingsChanged(section: string): Promise<void>;
}

export function createLive(bus: EventBus): Live {
  return {
    publish: (audience, event) => bus.publish({ kind: 'event', audience: Array.isArray(audience) ? { kind: 'any', of: audience } : audience, event }),
    disconnect: (userId, sessionId) => bus.publish({ kind: 'disconnect', userId, sessionId }),
    sessionsChanged: (userId) => bus.publish({ kind: 'sessions', userId }),
    settingsChanged: (section) => bus.publish({ kind: 'settings', section }),
  };
}
