// Load and fault tests (tests/load/run.ts) against real PostgreSQL and Redis: run by .ci/run after
// `npm test`. Outside CI they are skipped, loudly, when either service is unreachable; in CI
// (CI=true) that is a failure. Settings: TEST_DATABASE_URL, REDIS_URL, LOAD_SECONDS (60),
// LOAD_CONNECTIONS (200), FAULT_SECONDS (20).
import { spawnSync } from 'node:child_process';
import { Socket } from 'node:net';
import pg from 'pg';

const ci = process.env.CI === 'true';
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function redisAnswers() {
  const u = new URL(redisUrl);
  return new Promise((resolve) => {
    const s = new Socket();
    const done = (ok) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(3_000, () => done(false));
    s.once('error', () => done(false));
    s.connect(Number(u.port || 6379), u.hostname, () => s.write('PING\r\n'));
    s.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

const missing = [];
if (!(await postgresAnswers())) missing.push(`PostgreSQL at ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`);
if (!(await redisAnswers())) missing.push(`Redis at ${redisUrl}`);
if (missing.length) {
  const msg = `${missing.join(' and ')} not reachable`;
  if (ci) {
    console.error(`✗ load tests: ${msg}; they are required in CI.`);
    process.exit(1);
  }
  const bar = '!'.repeat(78);
  console.warn(`\n${bar}\n!! SKIPPING LOAD AND FAULT TESTS: ${msg}.\n!! Set TEST_DATABASE_URL and REDIS_URL (see .ci/run) to run them.\n${bar}\n`);
  process.exit(0);
}

// tsx does not typecheck, and tests/ is outside the main tsconfig.
const tsc = spawnSync('npx', ['tsc', '-p', 'tests/load/tsconfig.json', '--noEmit'], { stdio: 'inherit' });
if (tsc.status !== 0) {
  console.error('✗ load tests: typecheck failed');
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', 'tests/load/run.ts'], { stdio: 'inherit' });
process.exit(r.status ?? 1);
