// npm run bench: every benchmark, each beside its baseline in the same run; figures printed and
// written to bench/results.json. A part that cannot run here (no PostgreSQL, no Redis, no
// Chromium) prints "skipped"; the run always exits 0 and never waits forever.
// Only some parts: BENCH_ONLY=api,cards,listings,admin-dashboard,index,fanout,web,lighthouse,cold-start,settlement
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { runApi } from './api.ts';
import { runCards } from './cards.ts';
import { runListings } from './listings.ts';
import { runAdminDashboard } from './admin-dashboard.ts';
import { runMarketIndex } from './market-index.ts';
import { runColdStart } from './cold-start.ts';
import { runFanout } from './fanout.ts';
import { runLighthouse } from './lighthouse.ts';
import { runWebWeight } from './web.ts';
import { runSettlement } from './settlement.ts';
import { withTimeout } from './support.ts';

const parts: [name: string, run: () => Promise<unknown>, limitMinutes: number][] = [
  ['api', runApi, 12],
  ['cards', runCards, 10],
  ['listings', runListings, 10],
  ['admin-dashboard', runAdminDashboard, 10],
  ['index', runMarketIndex, 10],
  ['fanout', runFanout, 15],
  ['web', runWebWeight, 8],
  ['lighthouse', runLighthouse, 15],
  ['cold-start', runColdStart, 8],
  ['settlement', runSettlement, 15],
];
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());

const results: Record<string, unknown> = {
  machine: { node: process.version, cpus: cpus().length, loadAverageAtStart: (await import('node:os')).loadavg()[0] },
  at: new Date().toISOString(),
  settings: { benchSeconds: Number(process.env.BENCH_SECONDS ?? 10), connections: Number(process.env.BENCH_CONNECTIONS ?? 100) },
};
const save = () => writeFileSync(new URL('./results.json', import.meta.url), JSON.stringify(results, null, 2) + '\n');

for (const [name, run, minutes] of parts) {
  if (only && !only.includes(name)) continue;
  try {
    results[name] = await withTimeout(run(), minutes * 60_000, name);
  } catch (err) {
    console.log(`\n${name}: skipped (${(err as Error).message.split('\n')[0]})`);
    results[name] = { skipped: (err as Error).message };
  }
  save();
}
console.log('\nwritten to bench/results.json');
process.exit(0);
