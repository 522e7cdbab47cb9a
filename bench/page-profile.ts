// Where a page's main-thread time goes: opens a page of the production build, not minified so
// functions keep their names, in Debian's Chromium at Lighthouse's 4× CPU slow-down and a phone's
// width, records a trace and prints each task of at least --min ms with the functions that took it.
//   node --import tsx bench/page-profile.ts [/dashboard] [--signed-out] [--runs 1] [--min 30]
// Writes bench/profiles/page-<path>.json (load it in Chrome DevTools → Performance). Signed in
// as the demo member, like the Lighthouse audit of /dashboard. A task's blocking time is what it
// takes beyond 50 ms; an unminified build runs somewhat slower than the real one.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../e2e/support/browser.ts';
import { sessionCookies, startSignedInServer } from './lighthouse.ts';
import { blockingMs, longTasks, type TraceEvent } from './page-trace.ts';
import { fmt, repoRoot } from './support.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'signed-out': { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    min: { type: 'string', default: '30' },
  },
});
const path = positionals[0] ?? '/dashboard';
const minMs = Number(values.min);

const server = await startSignedInServer({ readable: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  for (let run = 1; run <= Number(values.runs); run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    if (!values['signed-out']) {
      const { origin, login } = server;
      await context.addCookies(sessionCookies(origin, login.authToken));
      await context.addInitScript((auth) => localStorage.setItem('auth', JSON.stringify(auth)), {
        userId: login.user.id,
        authToken: login.authToken,
      });
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'loading'],
    });
    await page.goto(`${server.origin}${path}`, { waitUntil: 'networkidle' });
    // What loads after the first paint (the live connection, the sections below) settles by then.
    await page.waitForTimeout(3_000);
    const trace = await browser.stopTracing();
    await context.close();

    const dir = join(repoRoot, 'bench', 'profiles');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `page-${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}.json`);
    writeFileSync(file, trace);
    const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
    const tasks = longTasks(traceEvents, minMs);
    console.log(
      `\n${path}${values['signed-out'] ? '' : ' (signed in)'}, run ${run}: ${tasks.length} tasks of ${minMs} ms or more at 4× slow-down, ` +
        `${fmt(blockingMs(tasks), 0)} ms of blocking time (trace: ${file.replace(repoRoot, '')})`,
    );
    for (const t of tasks) {
      console.log(`  +${fmt(t.startMs, 0).padStart(5)} ms  ${fmt(t.durationMs, 0).padStart(4)} ms  ${t.events.join(' · ')}`);
      if (t.functions.length) console.log(`  ${''.padStart(19)}${t.functions.map((f) => `${f.name} ${fmt(f.selfMs, 1)}`).join(' · ')}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
process.exit(0);
