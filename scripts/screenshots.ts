// Screenshots of pages at desktop and phone widths, for looking at what we built.
// Usage: npm run screenshots -- http://127.0.0.1:5000 / /terms /nope   (PNGs go to ./screenshots/)
//        npm run screenshots -- --as member /dashboard /settings
// With --as (admin, manager, member or other: the demo people) it starts the built server on a
// fresh embedded database with a fake SMS provider, signs in through the dialog and shoots the
// pages signed in (build first: npx vite build && npm run build:server).
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { signInThroughDialog } from '../e2e/support/auth.ts';
import { launchBrowser, viewports } from '../e2e/support/browser.ts';
import { startStack, stopStack, type Stack } from '../e2e/support/stack.ts';

const people = {
  admin: { phone: '+12125550101', national: '2125550101' },
  manager: { phone: '+12125550102', national: '2125550102' },
  member: { phone: '+12125550103', national: '2125550103' },
  other: { phone: '+12125550104', national: '2125550104' },
} as const;

const args = process.argv.slice(2);
const asIndex = args.indexOf('--as');
const who = asIndex >= 0 ? (args.splice(asIndex, 2)[1] as keyof typeof people) : undefined;
if (who && !people[who]) throw new Error(`--as takes one of ${Object.keys(people).join(', ')}`);

const out = 'screenshots';
mkdirSync(out, { recursive: true });

let stack: Stack | undefined;
let browser: Browser;
let base: string;
let paths: string[];
if (who) {
  stack = await startStack();
  browser = stack.browser;
  base = stack.server.url;
  paths = args;
} else {
  browser = await launchBrowser();
  [base = 'http://127.0.0.1:5000', ...paths] = args;
}

// One sign-in (a phone may ask for a new code only every 30 s), shared by both widths.
let storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
if (who && stack) {
  const context = await browser.newContext({ viewport: viewports.desktop });
  const page = await context.newPage();
  await page.goto(base + '/');
  await signInThroughDialog(page, stack.tw, people[who]);
  storageState = await context.storageState();
  await context.close();
}
const contextFor = (viewport: { width: number; height: number }) => browser.newContext({ viewport, storageState });

try {
  for (const [name, viewport] of Object.entries(viewports)) {
    const context = await contextFor(viewport);
    for (const path of paths.length ? paths : ['/']) {
      const page = await context.newPage();
      await page.goto(base + path, { waitUntil: 'networkidle' });
      // On a busy machine the network can idle while a page chunk still evaluates: wait for the page spinner to go.
      await page.waitForFunction(() => !document.querySelector('[data-slot="page-spinner"]'), null, { timeout: 20_000 }).catch(() => {});
      const slug = path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
      const file = `${out}/${who ? `${who}-` : ''}${slug}-${name}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      // Name the widest elements that stick out past the viewport, so a sideways scroll is found fast.
      const wide = await page.evaluate(() => {
        const w = document.documentElement.clientWidth;
        return [...document.querySelectorAll('body *')]
          .map((el) => ({ el, right: el.getBoundingClientRect().right }))
          .filter(({ right }) => right > w + 1)
          .slice(0, 8)
          .map(({ el, right }) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} right=${Math.round(right)}`);
      });
      if (wide.length) console.log(`  sticks out past ${viewport.width} px:\n    ${wide.join('\n    ')}`);
      await page.close();
    }
    await context.close();
  }
} finally {
  if (stack) await stopStack(stack);
  else await browser.close();
}
