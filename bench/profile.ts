// A CPU profile of the app answering one route under load, to find where a request's time goes.
//   node --import tsx bench/profile.ts [path] [--engine postgres|pglite] [--seconds 8] [--connections 100]
// Writes bench/profiles/<name>.cpuprofile (open it in Chrome DevTools → Performance) and prints
// the functions with the most self time, grouped by package, beside the request rate reached.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pgliteStartParams } from '../src/server/db/pglite-params.ts';
import { benchApp, benchDatabase, postgresUrlFromEnv, repoRoot, sessionFor, tempPostgresDatabase } from './support.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    engine: { type: 'string', default: postgresUrlFromEnv() ? 'postgres' : 'pglite' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '100' },
  },
});
const path = positionals[0] ?? '/api/auth/me';
const engine = values.engine === 'postgres' ? 'postgres' : 'pglite';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/** Self time per function and per package (node_modules/<pkg>, node internals, our src). */
export function summarise(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const fns = new Map<string, number>();
  const pkgs = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/^file:\/\//, '').replace(repoRoot, '');
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ?? (where.startsWith('src/') ? 'src' : where ? 'node' : `(${functionName || 'native'})`);
    const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
  return { packages: top(pkgs, 15), functions: top(fns, 30) };
}

async function main() {
  const temp = engine === 'postgres' ? await tempPostgresDatabase(postgresUrlFromEnv() ?? 'postgres://postgres@127.0.0.1:5432/postgres') : null;
  const pglite = temp ? undefined : await PGlite.create({ startParams: pgliteStartParams });
  const database = await benchDatabase(temp?.url, pglite);
  const { token, userId } = await sessionFor(database, '+12125550103');
  const { app, port } = await benchApp(database);
  const headers = ['-H', `X-Auth-Token=${token}`, '-H', `X-User-Id=${userId}`, '-H', 'X-Client-Id=web'];
  const load = (seconds: number) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(
        join(repoRoot, 'node_modules/.bin/autocannon'),
        ['-c', values.connections!, '-d', String(seconds), '--json', ...headers, `http://127.0.0.1:${port}${path}`],
        { stdio: ['ignore', 'pipe', 'ignore'] },
      );
      let out = '';
      child.stdout.on('data', (b: Buffer) => (out += b.toString()));
      child.on('error', reject);
      child.on('exit', () => resolve(out));
    });
  await load(2); // warm up: JIT, statement caches, session cache
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const result = JSON.parse(await load(Number(values.seconds))) as {
    requests: { average: number };
    latency: { p99: number };
    errors: number;
    non2xx: number;
  };
  const { profile } = await session.post('Profiler.stop');
  const dir = join(repoRoot, 'bench', 'profiles');
  mkdirSync(dir, { recursive: true });
  const name = `${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${engine}`;
  writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
  const { packages, functions } = summarise(profile as never);
  console.log(
    `${path} on ${engine}, ${values.connections} connections, ${values.seconds} s: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.errors} errors, ${result.non2xx} non-2xx`,
  );
  console.log('\nSelf time by package:\n' + packages.join('\n'));
  console.log('\nSelf time by function:\n' + functions.join('\n'));
  console.log(`\nwritten to bench/profiles/${name}.cpuprofile`);
  await app.close();
  await database.close();
  await temp?.drop();
}

await main();
