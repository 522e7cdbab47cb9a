// The whole suite, in order: typecheck, lint (code, format, API reference), unit and API tests (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests. Stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['lint the API reference', 'node', ['--import', 'tsx', 'scripts/lint-api.ts']],
  ['unit + API (PGlite)', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'web', '--project', 'api']],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['API (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DB: 'postgres' }]);
} else {
  console.log('TEST_DATABASE_URL is not set: the API tests run on PGlite only.');
}
steps.push(['end-to-end (Chromium)', 'npx', ['vitest', 'run', '--project', 'e2e']]);

const only = process.argv.slice(2);
let failed = 0;
let passed = 0;
for (const [name, cmd, args, env] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    failed++;
    console.error(`\n✗ ${name} failed (${secs}s)`);
    break;
  }
  passed++;
  console.log(`✓ ${name} (${secs}s)`);
}
console.log(`\nsteps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
