// The receiving side of bench/fanout.ts, in its own process so the sockets' parsing does not
// compete with the server it measures. Driven over IPC:
//   parent → { connect: { urls: string[], token?: string } }   child → { ready: true }
//   parent → { expect: true }  child → { armed: true }, parent publishes one event, child → { delivered: n }
//   parent → { collect: true }                                  child → { latencies: number[] }
// Latency is publish-to-receipt on the machine's monotonic clock (process.hrtime), which both
// processes share; the publisher puts its reading in the event as `sentAt` (ms).
import { once } from 'node:events';
import WebSocket from 'ws';

const now = () => Number(process.hrtime.bigint()) / 1e6;

let sockets: WebSocket[] = [];
const latencies: number[] = [];
let pending = 0;
let waiting: (() => void) | null = null;

async function connectAll(urls: string[], token?: string) {
  sockets = await Promise.all(
    urls.map(async (url) => {
      const ws = new WebSocket(url, { origin: 'http://localhost:5000' });
      let ready!: () => void;
      const authed = new Promise<void>((res) => (ready = res));
      ws.on('message', (d) => {
        const received = now();
        const m = JSON.parse(d.toString());
        if (m.type === 'auth_success') return ready();
        if (typeof m.sentAt === 'number') {
          latencies.push(received - m.sentAt);
          if (--pending === 0 && waiting) waiting();
        }
      });
      ws.on('error', () => {});
      await once(ws, 'open');
      if (token) {
        ws.send(JSON.stringify({ type: 'auth', token }));
        await authed;
      }
      return ws;
    }),
  );
}

process.on('message', async (msg: { connect?: { urls: string[]; token?: string }; expect?: true; collect?: true }) => {
  try {
    if (msg.connect) {
      await connectAll(msg.connect.urls, msg.connect.token);
      process.send!({ ready: true });
    } else if (msg.expect) {
      const before = latencies.length;
      pending = sockets.length;
      const done = new Promise<void>((res) => {
        waiting = res;
        setTimeout(res, 5_000).unref();
      });
      process.send!({ armed: true });
      await done;
      waiting = null;
      process.send!({ delivered: latencies.length - before });
    } else if (msg.collect) {
      for (const ws of sockets) ws.terminate();
      process.send!({ latencies });
    }
  } catch (err) {
    process.send!({ error: (err as Error).message });
  }
});
process.send!({ started: true });
