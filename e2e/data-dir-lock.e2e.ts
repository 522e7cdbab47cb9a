import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { builtServer, freePort, startServer } from './support/server.ts';

const dataDirs: string[] = [];
afterAll(() => dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const newDataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'lock-data-'));
  dataDirs.push(d);
  return d;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Posts an access request; true when the server acknowledged it. */
async function requestAccess(url: string, instagram: string, n: number): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/request-access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': 'web' },
      body: JSON.stringify({
        phone: `+1415555${String(n).padStart(4, '0')}`,
        instagram,
        referral: '',
        termsAccepted: true,
        privacyAccepted: true,
        marketingOptIn: false,
        smsOptIn: false,
      }),
      signal: AbortSignal.timeout(5_000),
    });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Starts a second server on the data dir; resolves with its exit code, or 'serving' if it came up. */
async function tryStart(dataDir: string): Promise<{ result: number | 'serving'; url: string; stop: () => void }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [builtServer], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: 'ignore',
  });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return { result: child.exitCode, url, stop };
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { result: 'serving', url, stop };
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  return { result: 'serving', url, stop };
}

async function storedInstagrams(dataDir: string): Promise<string[]> {
  const db = await PGlite.create(join(dataDir, 'pglite'));
  try {
    const r = await db.query<{ instagram: string }>('select instagram from access_requests');
    return r.rows.map((x) => x.instagram);
  } finally {
    await db.close();
  }
}

describe('the embedded database lock', () => {
  it('a second server cannot take the data dir of a stopped (not dead) one, and no acknowledged write is lost', async () => {
    const dataDir = newDataDir();
    const first = await startServer({}, { dataDir });
    const acked: string[] = [];
    let n = 0;
    const write = async (url: string, who: string) => {
      const name = `${who}.${++n}`;
      if (await requestAccess(url, name, n)) acked.push(name);
    };
    let second: Awaited<ReturnType<typeof tryStart>> | undefined;
    try {
      for (let i = 0; i < 3; i++) await write(first.url, 'first');
      expect(acked).toHaveLength(3);

      // Longer than any mtime-based stale threshold (proper-lockfile's was 15 s).
      process.kill(first.pid, 'SIGSTOP');
      await sleep(17_000);
      second = await tryStart(dataDir);
      process.kill(first.pid, 'SIGCONT');
      await sleep(3_000);
      for (let i = 0; i < 3; i++) {
        await write(first.url, 'first');
        if (second.result === 'serving') await write(second.url, 'second');
      }
      expect(second.result).toBe(1);
    } finally {
      process.kill(first.pid, 'SIGCONT');
      second?.stop();
      await first.stop();
    }
    expect((await storedInstagrams(dataDir)).sort()).toEqual(expect.arrayContaining(acked));
  }, 90_000);

  it('a server whose lock is taken from it stops serving at once', async () => {
    const dataDir = newDataDir();
    const server = await startServer({}, { dataDir });
    try {
      expect(await requestAccess(server.url, 'before', 1)).toBe(true);
      // Another live process on this host now claims the dir (the test runner itself).
      writeFileSync(join(dataDir, 'pglite.pid'), JSON.stringify({ host: hostname(), pid: process.pid, token: 'someone-else' }));
      // The lock is checked every few seconds: wait for the exit rather than a fixed time.
      await expect.poll(() => server.exitCode(), { timeout: 15_000, interval: 100 }).not.toBeNull();
      expect(await requestAccess(server.url, 'after', 2)).toBe(false);
      expect(server.output()).toContain('lost the lock');
    } finally {
      await server.stop();
    }
  }, 60_000);
});
