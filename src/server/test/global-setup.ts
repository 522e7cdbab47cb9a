import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, openPostgres } from '../db/client.ts';

/**
 * Migrates one template database for the whole run; each test file then gets its own fresh copy
 * of it (see harness.ts). PGlite: a migrated data directory saved as a tarball, loaded per file.
 * PostgreSQL (TEST_DB=postgres): a template database on the real server.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== 'postgres') {
    const dir = await mkdtemp(join(tmpdir(), 'slab-pglite-tpl-'));
    const base = await PGlite.create();
    await fromPglite(base);
    const tarball = join(dir, 'migrated.tar');
    await writeFile(tarball, Buffer.from(await (await base.dumpDataDir('none')).arrayBuffer()));
    await base.close();
    project.provide('pgliteTemplate', tarball);
    return async () => {
      await rm(dir, { recursive: true, force: true });
    };
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
  project.provide('pgTemplate', template);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteTemplate: string;
  }
}
