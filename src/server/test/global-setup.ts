import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client.ts';

/**
 * With TEST_DB=postgres, migrate one template database on the real server;
 * each test file then gets its own fresh copy of it (see harness.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== 'postgres') return;
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
  }
}
