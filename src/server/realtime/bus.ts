import type { LiveEvent } from '#common/live.ts';

/**
 * Who an event is for, resolved by each instance when it delivers: `admins` means the sockets
 * whose user is an admin then, so publishers never look up role holders. `any` is the union of
 * several audiences (each socket hears the event once). A manager's client events are addressed
 * to the manager's user id.
 */
export type Audience =
  | { kind: 'user'; userId: string }
  | { kind: 'users'; userIds: string[] }
  | { kind: 'admins' }
  /** Every admin but one (the one who made the change hears nothing of it). */
  | { kind: 'admins'; except: string }
  | { kind: 'members' }
  | { kind: 'any'; of: Audience[] };

/** Control messages let any instance close sockets held by another. */
export type BusMessage =
  | { kind: 'event'; audience: Audience; event: LiveEvent }
  | { kind: 'disconnect'; userId: string; sessionId?: string }
  /** A user's sessions, roles or profile changed: cached session lookups must be dropped. */
  | { kind: 'sessions'; userId: string }
  /** A settings section changed: every instance drops its cached copy. */
  | { kind: 'settings'; section: string };

type Handler = (msg: BusMessage) => void;

export interface EventBus {
  /** Delivers to this instance's sockets at once and to every other instance through the transport. */
  publish(msg: BusMessage): Promise<void>;
  subscribe(handler: Handler): () => void;
  /**
   * Resolves once messages published from here reach other instances and theirs reach this one
   * (Redis: the publisher connected and the SUBSCRIBE acknowledged). Rejects if the bus closes first.
   */
  ready(): Promise<void>;
  readonly transport: 'memory' | 'redis';
  close(): Promise<void>;
}

export class LocalHandlers {
  private handlers = new Set<Handler>();
  add(h: Handler) {
    this.handlers.add(h);
    return () => void this.handlers.delete(h);
  }
  emit(msg: BusMessage) {
    for (const h of this.handlers) h(msg);
  }
}

export function createMemoryBus(): EventBus {
  const local = new LocalHandlers();
  return {
    transport: 'memory',
    async publish(msg) {
      local.emit(msg);
    },
    subscribe: (h) => local.add(h),
    ready: async () => {},
    async close() {},
  };
}
