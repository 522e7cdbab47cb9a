// Cold start: spawn to the first 200 from GET /api/health, for the real server on an existing
// PGlite data dir (created by one unmeasured start first), beside a bare Fastify server started
// the same way. Both are bundled with esbuild exactly as `npm start` runs the server
// (node dist-server/main.js), so neither pays for compiling TypeScript. COLD_START_RUNS (default 3).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { fmt, freePort, isMain, repoRoot, stopChild, waitFor200 } from './support.ts';

// Inside the repo, so the bundled server finds the project root (package.json) above it.
const outDir = join(repoRoot, 'bench', '.cold-start');

async function bundle(entry: string, name: string) {
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `${name}.js`);
  await build({ entryPoints: [join(repoRoot, entry)], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node24', packages: 'external', logLevel: 'warning' });
  return outfile;
}

function spawnJs(file: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [file], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return Object.assign(child, { output: () => output });
}

const RUNS = Number(process.env.COLD_START_RUNS ?? 3);
const GOAL_MS = 1_500;

async function timeStart(script: string, env: Record<string, string>) {
  const port = await freePort();
  const since = performance.now();
  const child = spawnJs(script, { ...env, PORT: String(port), HOST: '127.0.0.1' });
  try {
    return await waitFor200(`http://127.0.0.1:${port}/api/health`, { since, child, timeoutMs: 60_000, intervalMs: 5 });
  } finally {
    await stopChild(child, 10_000);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function runColdStart() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
  const serverEnv = {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  };
  try {
    const server = await bundle('src/server/main.ts', 'server');
    const bareServer = await bundle('bench/bare-fastify.ts', 'bare-fastify');
    const first = await timeStart(server, serverEnv); // creates and migrates the data dir
    const ours: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      bare.push(await timeStart(bareServer, {}));
      ours.push(await timeStart(server, serverEnv));
    }
    const o = median(ours);
    const b = median(bare);
    console.log(`\nCold start: spawn → first 200 on /api/health, median of ${RUNS} (both bundled, plain node)`);
    console.log(`  bare Fastify                   ${fmt(b, 0).padStart(5)} ms   (${bare.map((x) => fmt(x, 0)).join(', ')})`);
    console.log(`  ours, existing PGlite data dir ${fmt(o, 0).padStart(5)} ms   (${ours.map((x) => fmt(x, 0)).join(', ')})  ${fmt(o / b)}× bare`);
    console.log(`  ours, first start (initdb + migrations) ${fmt(first, 0)} ms, not counted`);
    console.log(`  ≤ ${GOAL_MS} ms on PGlite → ${o <= GOAL_MS ? 'met' : 'MISSED'}`);
    return { runs: RUNS, bareFastifyMs: b, oursMs: o, ratio: o / b, firstStartMs: first, samples: { ours, bare }, goalMs: GOAL_MS, meetsGoal: o <= GOAL_MS };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  try {
    await runColdStart();
  } catch (err) {
    console.log(`\nCold start: skipped (${(err as Error).message})`);
  }
  process.exit(0);
}
