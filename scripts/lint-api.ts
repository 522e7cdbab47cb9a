// Lints the API reference (decision 141): builds the app without listening, writes its OpenAPI
// document to a temporary file and runs `redocly lint` with redocly.yaml (the recommended rules).
// Usage: npm run lint:api            (exit code 1 on any error or warning)
//        npm run lint:api -- --keep  (also prints where the document was written)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { fromPglite } from '#server/db/client.ts';
import { fromRoot } from '#server/paths.ts';

const keep = process.argv.includes('--keep');

/** The document as /api/openapi.json serves it. No request is made, so the database stays empty. */
async function apiDocument() {
  const database = await fromPglite(await PGlite.create(), { runMigrations: false });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: join(tmpdir(), 'lint-api-unused'),
    SESSION_SECRET: 'lint-api-lint-api-lint-api-lint-api-0123',
    APP_ORIGIN: process.env.APP_ORIGIN ?? 'http://localhost:5000',
  });
  const app = await buildApp({ config, database, logger: false, serveWeb: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await database.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
const file = join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(await apiDocument(), null, 2));
// JSON out, so a warning fails too: every rule is met, or turned off in redocly.yaml with its reason.
const r = spawnSync(
  fromRoot('node_modules/.bin/redocly'),
  ['lint', file, '--config', fromRoot('redocly.yaml'), '--format', 'json', '--max-problems', '1000'],
  {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  },
);
if (!keep) rmSync(dir, { recursive: true, force: true });
let problems: Array<{ ruleId: string; severity: string; message: string; location?: Array<{ pointer?: string }> }>;
try {
  problems = JSON.parse(r.stdout).problems;
} catch {
  console.error(r.stdout, r.stderr);
  console.error('redocly lint gave no report');
  process.exit(1);
}
for (const p of problems) console.error(`${p.severity} ${p.ruleId}: ${p.message} (${p.location?.[0]?.pointer ?? ''})`);
if (keep) console.log(`document: ${file}`);
console.log(problems.length ? `API reference: ${problems.length} problem(s)` : 'API reference: no problems');
process.exit(problems.length || r.status ? 1 : 0);
