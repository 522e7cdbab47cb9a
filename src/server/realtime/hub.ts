import type { WebSocket } from 'ws';
import type { LiveEvent } from '#common/live.ts';
import type { AuthUser } from '../context.ts';
import type { Audience, BusMessage, EventBus } from './bus.ts';

export interface LiveConnection {
  socket: WebSocket;
  user: AuthUser;
}

/** This instance's authenticated sockets, indexed by user. */
export class SocketHub {
  private byUser = new Map<string, Set<LiveConnection>>();

  add(conn: LiveConnection) {
    let set = this.byUser.get(conn.user.id);
    if (!set) this.byUser.set(conn.user.id, (set = new Set()));
    set.add(conn);
  }

  remove(conn: LiveConnection) {
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
        for (const set of this.byUser.values()) for (const c of set) if (c.user.isAdmin) yield c;
        return;
      case 'members':
        for (const set of this.byUser.values()) yield* set;
        return;
      case 'any':
        for (const a of audience.of) yield* this.recipients(a);
        return;
    }
  }

  handle(msg: BusMessage) {
    if (msg.kind === 'disconnect') {
      for (const c of [...(this.byUser.get(msg.userId) ?? [])]) {
        if (!msg.sessionId || c.user.sessionId === msg.sessionId) c.socket.close(1008, 'Session ended');
      }
      return;
    }
    if (msg.kind !== 'event') return;
    // Serialise once for every recipient.
    const data = JSON.stringify(msg.event);
    // A Set: a socket in several of the audiences hears the event once.
    for (const c of new Set(this.recipients(msg.audience))) {
      if (c.socket.readyState === c.socket.OPEN) c.socket.send(data);
    }
  }
}

/** What modules call to raise a live event; one call, whatever the transport. */
export interface Live {
  /** Several audiences are one `any` audience. Call only from a module's events file, after commit. */
  publish(audience: Audience | Audience[], event: LiveEvent): Promise<void>;
  /** Closes a user's sockets (all, or one session's) on every instance. */
  disconnect(userId: string, sessionId?: string): Promise<void>;
  /** Drops cached session lookups of a user (and the sessions they impersonate in) on every instance. */
  sessionsChanged(userId: string): Promise<void>;
}

export function createLive(bus: EventBus): Live {
  return {
    publish: (audience, event) => bus.publish({ kind: 'event', audience: Array.isArray(audience) ? { kind: 'any', of: audience } : audience, event }),
    disconnect: (userId, sessionId) => bus.publish({ kind: 'disconnect', userId, sessionId }),
    sessionsChanged: (userId) => bus.publish({ kind: 'sessions', userId }),
  };
}
