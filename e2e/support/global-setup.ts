import { existsSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './browser.ts';

/** Builds the web app when needed and decides whether a browser can run here. */
export default function setup(project: TestProject) {
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
}

declare module 'vitest' {
  export interface ProvidedContext {
    skipBrowser: boolean;
  }
}
