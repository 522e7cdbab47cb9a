import { CLOSE_NORMAL, parseLiveMessage, type LiveMessage } from '#common/live-message.ts';

export type LiveState = 'closed' | 'connecting' | 'open' | 'reconnecting';

/** Spec §9: connect 1 s after sign-in and 500 ms before opening; 5 reconnects, backoff from 1 s doubling to 30 s. */
export const CONNECT_DELAY_AFTER_SIGN_IN_MS = 1_000;
export const CONNECT_DELAY_MS = 500;
export const MAX_RECONNECT_ATTEMPTS = 5;
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;

export function backoffDelay(attempt: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** attempt, BACKOFF_CAP_MS);
}

export interface SocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveClientOptions {
  url: string;
  getAuth(): { userId?: string; token?: string };
  onMessage(msg: LiveMessage): void;
  onState?(state: LiveState): void;
  createSocket?(url: string): SocketLike;
}

export function liveUrl(location: { protocol: string; host: string }) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export class LiveClient {
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private stopped = true;
  state: LiveState = 'closed';

  constructor(private opts: LiveClientOptions) {}

  start({ afterSignIn = false } = {}) {
    this.stopped = false;
    this.attempts = 0;
    this.clearTimer();
    this.setState('connecting');
    this.timer = setTimeout(() => this.open(), afterSignIn ? CONNECT_DELAY_AFTER_SIGN_IN_MS : CONNECT_DELAY_MS);
  }

  stop() {
    this.stopped = true;
    this.clearTimer();
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.close(CLOSE_NORMAL, 'Client closed');
    }
    this.setState('closed');
  }

  private open() {
    this.timer = null;
    if (this.stopped) return;
    const socket = (this.opts.createSocket ?? ((u) => new WebSocket(u) as unknown as SocketLike))(this.opts.url);
    this.socket = socket;
    socket.onopen = () => {
      const { userId, token } = this.opts.getAuth();
      socket.send(JSON.stringify({ type: 'auth', userId, token }));
    };
    socket.onmessage = (ev) => {
      let data: unknown;
      try {
        data = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      const message = parseLiveMessage(data);
      if (!message) return;
      if (message.type === 'auth_success') {
        this.attempts = 0;
        this.setState('open');
      }
      this.opts.onMessage(message);
    };
    socket.onerror = () => {};
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped || ev.code === CLOSE_NORMAL || this.attempts >= MAX_RECONNECT_ATTEMPTS) {
        this.setState('closed');
        return;
      }
      const delay = backoffDelay(this.attempts++);
      this.setState('reconnecting');
      this.timer = setTimeout(() => this.open(), delay);
    };
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(s: LiveState) {
    if (this.state === s) return;
    this.state = s;
    this.opts.onState?.(s);
  }
}
