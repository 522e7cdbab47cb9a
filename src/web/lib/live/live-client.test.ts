import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, LiveClient, type SocketLike } from './live-client.ts';

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(d: string) {
    this.sent.push(d);
  }
  close(code = 1000) {
    this.onclose?.({ code });
  }
  serverOpen() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverSend(msg: object) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  serverClose(code: number) {
    this.onclose?.({ code });
  }
}

let states: string[];
let messages: unknown[];
const make = () =>
  new LiveClient({
    url: 'ws://x/ws',
    getAuth: () => ({ userId: 'u1', token: 't1' }),
    onMessage: (m) => messages.push(m),
    onState: (s) => states.push(s),
    createSocket: (u) => new FakeSocket(u),
  });

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  states = [];
  messages = [];
});
afterEach(() => vi.useRealTimers());

describe('live client', () => {
  it('backs off from 1 s, doubling, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('opens 500 ms after start, or 1 s after sign-in, and authenticates first', () => {
    make().start();
    vi.advanceTimersByTime(499);
    expect(FakeSocket.all).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(1);
    FakeSocket.all[0].serverOpen();
    expect(JSON.parse(FakeSocket.all[0].sent[0])).toEqual({ type: 'auth', userId: 'u1', token: 't1' });
    FakeSocket.all[0].serverSend({ type: 'auth_success', userId: 'u1' });
    expect(states).toEqual(['connecting', 'open']);

    make().start({ afterSignIn: true });
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('reconnects up to 5 times with backoff, then stays closed', () => {
    make().start();
    vi.advanceTimersByTime(500);
    const delays = [1000, 2000, 4000, 8000, 16000];
    for (const [i, d] of delays.entries()) {
      FakeSocket.all.at(-1)!.serverClose(1006);
      expect(states.at(-1)).toBe('reconnecting');
      vi.advanceTimersByTime(d - 1);
      expect(FakeSocket.all).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(i + 2);
    }
    FakeSocket.all.at(-1)!.serverClose(1006);
    expect(states.at(-1)).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(6);
  });

  it('a successful auth resets the attempt count', () => {
    make().start();
    vi.advanceTimersByTime(500);
    FakeSocket.all[0].serverClose(1006);
    vi.advanceTimersByTime(1000);
    FakeSocket.all[1].serverOpen();
    FakeSocket.all[1].serverSend({ type: 'auth_success' });
    FakeSocket.all[1].serverClose(1006);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('does not reconnect after close code 1000', () => {
    make().start();
    vi.advanceTimersByTime(500);
    FakeSocket.all[0].serverClose(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(states.at(-1)).toBe('closed');
  });

  it('stop closes with 1000 and cancels a pending reconnect', () => {
    const c = make();
    c.start();
    vi.advanceTimersByTime(500);
    FakeSocket.all[0].serverClose(1006);
    c.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(states.at(-1)).toBe('closed');
  });

  it('passes valid messages on and drops garbage', () => {
    make().start();
    vi.advanceTimersByTime(500);
    FakeSocket.all[0].onmessage?.({ data: 'not json' });
    FakeSocket.all[0].serverSend({ type: 'loan_updated', status: 'paid', userId: 'u1' });
    expect(messages).toEqual([{ type: 'loan_updated', status: 'paid', userId: 'u1' }]);
  });
});
