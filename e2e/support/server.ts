import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  exitCode: () => number | null;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts the real server (built web app, embedded database in a fresh data dir) as a child process. */
export async function startServer(env: Record<string, string> = {}, opts: { dataDir?: string } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'e2e-data-'));
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
  const deadline = Date.now() + 60_000;
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
