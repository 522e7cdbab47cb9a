import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './browser.ts';
import { buildServer } from '../../scripts/build-server.mjs';
import { builtServer, startServer } from './server.ts';

/**
 * Builds the web app and the server when needed, decides whether a browser can run here, and makes the run's data
 * dir template: one server start creates, migrates and seeds it; every test server starts on a copy.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(chromiumPath)) {
    const msg = `Chromium not found at ${chromiumPath}: install Debian's chromium (apt-get install -y chromium).`;
    if (process.env.CI === 'true') throw new Error(`${msg} Browser tests are required in CI.`);
    console.warn(`\n${'!'.repeat(78)}\n!! SKIPPING BROWSER TESTS. ${msg}\n${'!'.repeat(78)}\n`);
    project.provide('skipBrowser', true);
    return;
  }
  project.provide('skipBrowser', false);
  if (process.env.E2E_SKIP_BUILD !== 'true' || !existsSync('dist/index.html')) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  if (!statSync('dist/index.html').isFile()) throw new Error('web build missing');
  // The tests run the server as `npm start` does: bundled, with its code cache (decision 151).
  if (process.env.E2E_SKIP_BUILD !== 'true' || !existsSync(builtServer)) await buildServer('dist-server');

  const template = mkdtempSync(join(tmpdir(), 'e2e-template-'));
  const server = await startServer({}, { dataDir: template });
  await server.stop();
  process.env.E2E_DATA_TEMPLATE = template;
  return () => rmSync(template, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    skipBrowser: boolean;
  }
}
