import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { AuthUser } from '#server/context.ts';
import { SocketHub, type RevalidateSessions } from './hub.ts';

function fakeSocket() {
  const s = { OPEN: 1, readyState: 1, sent: [] as string[], closedWith: null as number | null };
  return Object.assign(s, {
    send: (d: string) => void s.sent.push(d),
    close: (code: number) => {
      s.closedWith = code;
      s.readyState = 3;
    },
  });
}

const user = (id: string, isAdmin: boolean): AuthUser =>
  ({ id, phone: '+12125550100', name: id, isAdmin, isManager: false, sessionId: `s-${id}`, impersonatorId: null }) as AuthUser;

/** A revalidation the test settles by hand, to order it against other messages. */
function manual() {
  const calls: { resolve: (m: Map<string, AuthUser>) => void; reject: (e: Error) => void }[] = [];
  const revalidate: RevalidateSessions = () => new Promise((resolve, reject) => calls.push({ resolve, reject }));
  return { calls, revalidate };
}

const adminEvent = { kind: 'event', audience: { kind: 'admins' }, event: { type: 'user_updated', userId: 'x' } } as const;
const ownEvent = (id: string) => ({ kind: 'event', audience: { kind: 'user', userId: id }, event: { type: 'profile_updated', userId: id } }) as const;

describe('SocketHub session checks', () => {
  it('holds a changed user’s events in order and delivers only what the new roles allow', async () => {
    const { calls, revalidate } = manual();
    const hub = new SocketHub({ revalidate });
    const socket = fakeSocket();
    hub.add({ socket: socket as unknown as WebSocket, user: user('a', true) });
    hub.handle({ kind: 'sessions', userId: 'a' });
    hub.handle(adminEvent);
    hub.handle(ownEvent('a'));
    expect(socket.sent).toEqual([]);
    calls[0].resolve(new Map([['s-a', user('a', false)]]));
    await new Promise((r) => setImmediate(r));
    expect(socket.sent.map((d) => JSON.parse(d).type)).toEqual(['profile_updated']);
    hub.handle(adminEvent);
    expect(socket.sent).toHaveLength(1);
  });

  it('a failed re-check closes held sockets so they reconnect; a failed sweep leaves sockets open', async () => {
    const { calls, revalidate } = manual();
    const hub = new SocketHub({ revalidate });
    const held = fakeSocket();
    const other = fakeSocket();
    hub.add({ socket: held as unknown as WebSocket, user: user('a', true) });
    hub.add({ socket: other as unknown as WebSocket, user: user('b', false) });
    hub.handle({ kind: 'sessions', userId: 'a' });
    calls[0].reject(new Error('database down'));
    await new Promise((r) => setImmediate(r));
    expect(held.closedWith).toBe(1013);
    const sweep = hub.sweep();
    calls[1].reject(new Error('database down'));
    await sweep;
    expect(other.closedWith).toBeNull();
  });

  it('a sweep that started before a role change cannot bring the old roles back', async () => {
    const { calls, revalidate } = manual();
    const hub = new SocketHub({ revalidate });
    const socket = fakeSocket();
    hub.add({ socket: socket as unknown as WebSocket, user: user('a', true) });
    const sweep = hub.sweep();
    hub.handle({ kind: 'sessions', userId: 'a' });
    calls[1].resolve(new Map([['s-a', user('a', false)]]));
    await new Promise((r) => setImmediate(r));
    calls[0].resolve(new Map([['s-a', user('a', true)]]));
    await sweep;
    hub.handle(adminEvent);
    expect(socket.sent).toEqual([]);
  });

  it('the sweep closes sockets whose session is gone', async () => {
    const hub = new SocketHub({ revalidate: async () => new Map() });
    const socket = fakeSocket();
    hub.add({ socket: socket as unknown as WebSocket, user: user('a', false) });
    await hub.sweep();
    expect(socket.closedWith).toBe(1008);
  });
});
