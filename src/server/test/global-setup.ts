import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, migrationsFolder, openPostgres } from '#server/db/client.ts';
import { pgliteStartParams } from '#server/db/pglite-params.ts';
import { seed } from '#server/db/seed.ts';
import { fromRoot } from '#server/paths.ts';

/**
 * Migrates one template database; each test file then gets its own fresh copy of it (see
 * harness.ts). PGlite: a migrated data directory saved as a tarball, loaded per file, and kept
 * between runs under a name derived from the migrations and the PGlite version.
 * PostgreSQL (TEST_DB=postgres): a template database on the real server, one per run.
 *
 * Most apps start on the demo seed, which took three times as long as the copy itself, so a
 * second template holds it, made once per run (decision 137): the seed changes too often to key.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== 'postgres') {
    const migrated = await pgliteTemplate();
    const demo = await pgliteDemoTemplate(migrated);
    project.provide('pgliteTemplate', migrated);
    project.provide('pgliteDemoTemplate', demo);
    return () => rm(demo, { force: true });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = `tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const tplUrl = withDatabase(url, template);
  const db = await openPostgres(tplUrl, { max: 1 });
  await db.close();
  const demoTemplate = `${template}_demo`;
  await admin.query(`CREATE DATABASE ${demoTemplate} TEMPLATE ${template}`);
  const demo = await openPostgres(withDatabase(url, demoTemplate), { runMigrations: false, max: 1 });
  await seed(demo.db, demoSeed);
  await demo.close();
  project.provide('pgTemplate', template);
  project.provide('pgDemoTemplate', demoTemplate);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${demoTemplate} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

const TEMPLATE_FORMAT = 3; // bump when the way the template is made changes

function templateKey() {
  const hash = createHash('sha256').update(`format ${TEMPLATE_FORMAT}\n`);
  hash.update(`pglite ${readFileSync(fromRoot('node_modules/@electric-sql/pglite/package.json'))}\n`);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(`${path.slice(migrationsFolder.length)}\n`).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

async function pgliteTemplate() {
  const dir = join(tmpdir(), 'slab-pglite-templates');
  const tarball = join(dir, `migrated-${templateKey()}.tar`);
  if (
    await access(tarball).then(
      () => true,
      () => false,
    )
  )
    return tarball;
  // Creating the cluster (initdb) takes seconds of CPU; migrating is the smaller part.
  const base = await PGlite.create();
  await fromPglite(base);
  // Each test database is its own PostgreSQL started from this copy; its start-up is most of a
  // small file's CPU. It zeroes its shared buffers (128 MB by default) and unpacks every file of
  // the data dir: tests need 16 MB and no template databases (a third of the files). The
  // checkpoint keeps recovery at each start short.
  await base.exec(`ALTER SYSTEM SET shared_buffers = '16MB'`);
  for (const name of ['template0', 'template1']) {
    await base.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
    await base.exec(`DROP DATABASE ${name}`);
  }
  await base.exec('CHECKPOINT');
  const data = Buffer.from(await (await base.dumpDataDir('none')).arrayBuffer());
  await base.close();
  await mkdir(dir, { recursive: true });
  // Written aside and renamed, so a run started meanwhile never reads half a file.
  const partial = `${tarball}.${process.pid}.partial`;
  await writeFile(partial, data);
  await rename(partial, tarball);
  return tarball;
}

/** The seed createTestApp gives by default (the demo, without the market index and funds), at FakeClock's start. */
export const demoSeed = { demo: true, demoIndex: false, demoFunds: false, now: new Date(Date.parse('2026-06-01T15:00:00Z')) };

async function pgliteDemoTemplate(migrated: string) {
  const client = await PGlite.create({ loadDataDir: new Blob([await readFile(migrated)]), startParams: pgliteStartParams });
  await seed((await fromPglite(client, { runMigrations: false })).db, demoSeed);
  await client.exec('CHECKPOINT');
  const data = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  await client.close();
  const file = join(tmpdir(), 'slab-pglite-templates', `demo-${process.pid}-${Date.now()}.tar`);
  await writeFile(file, data);
  return file;
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgDemoTemplate: string;
    pgliteTemplate: string;
    pgliteDemoTemplate: string;
  }
}
