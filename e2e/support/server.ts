import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The built server, run as `npm start` runs it; the browser tests' global setup builds it. */
export const builtServer = 'dist-server/main.js';

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  exitCode: () => number | null;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (built web app, embedded database in a fresh data dir) as a child process.
 * The fresh data dir is a copy of the run's migrated and seeded template (E2E_DATA_TEMPLATE, made
 * once by the global setup) when there is one, so no test pays for initdb and migrations again.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { dataDir?: string; fromTemplate?: boolean; entry?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const template = process.env.E2E_DATA_TEMPLATE;
  if (!opts.dataDir && opts.fromTemplate !== false && template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
  let out = '';
  const child: ChildProcess = spawn(process.execPath, [opts.entry ?? builtServer], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  // Generous: a first start (initdb, migrations and the demo seed, which builds three funds month by
  // month) on a busy 2-core machine can take minutes. Test servers start on a copy of the template.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    pid: child.pid!,
    dataDir,
    exitCode: () => child.exitCode,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
