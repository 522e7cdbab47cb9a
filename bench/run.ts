// npm run bench: every benchmark, each beside its baseline in the same run; figures printed and
// written to bench/results.json.
import { writeFileSync } from 'node:fs';
import { runFanout } from './fanout.ts';

const results: Record<string, unknown> = { machine: { node: process.version, cpus: (await import('node:os')).cpus().length }, at: new Date().toISOString() };
results.fanout = await runFanout();
writeFileSync(new URL('./results.json', import.meta.url), JSON.stringify(results, null, 2) + '\n');
console.log('\nwritten to bench/results.json');
process.exit(0);
