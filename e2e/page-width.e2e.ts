// Issue 32 (finding 9): no signed-in page scrolls sideways. Every admin, member and manager page of
// the route table (#common/routes.ts, so a new page is covered without touching this file) is
// opened at 1280 and at 390 px, with real ids from the demo for the pages that take one.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { clientRoutes, type LayoutKind } from '../src/common/routes.ts';
import { demo, signInThroughDialog } from './support/auth.ts';
import { newPage, viewports } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { startStack, stopStack } from './support/stack.ts';

const MANAGER = { phone: '+12125550102', national: '2125550102', name: 'Morgan Manager' };

type Role = 'admin' | 'member' | 'manager';
const roleOf: Partial<Record<LayoutKind, Role>> = { admin: 'admin', member: 'member', manager: 'manager' };
// E2E_PAGES (a regular expression over route patterns) narrows a local run to some pages.
const only = process.env.E2E_PAGES ? new RegExp(process.env.E2E_PAGES) : null;
const pagesOf = (role: Role) =>
  clientRoutes
    .filter((r) => roleOf[r.layout] === role && !('redirect' in r && r.redirect) && (!only || only.test(r.path)))
    .map((r) => r.path as string);

/** A route pattern as a regular expression over a link's path. */
const patternOf = (path: string) => new RegExp('^' + path.replace(/:[A-Za-z]+/g, '[^/?#]+') + '$');

/** Waits until the page shows its content: a heading, and no loading placeholder left. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () =>
      document.querySelector('main h1, main h2, h1') !== null &&
      document.querySelector('[aria-busy="true"], [role="progressbar"][data-loading]') === null,
    undefined,
    { timeout: 15_000 },
  );
  // Fonts change widths: measure with the real ones.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** How far the page reaches past the window, and the elements where it starts to (to name in a failure). */
async function overflowOf(page: Page): Promise<{ over: number; culprits: string[] }> {
  return page.evaluate(() => {
    const w = window.innerWidth;
    const over = document.documentElement.scrollWidth - w;
    if (over <= 0) return { over, culprits: [] };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}.${[...el.classList].slice(0, 4).join('.')}`;
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > w + 1 && el.parentElement && el.parentElement.getBoundingClientRect().right <= w + 1)
      .slice(0, 3)
      .map(name);
    return { over, culprits };
  });
}

/** Every same-origin link path on the page, for the pages that need an id. */
async function linksOn(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('a[href]')].map(
      (a) => new URL((a as HTMLAnchorElement).href).pathname + new URL((a as HTMLAnchorElement).href).search,
    ),
  );
}

describe.skipIf(inject('skipBrowser'))('every signed-in page fits the window at 1280 and 390 px', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  const pages = {} as Record<Role, Page>;
  const errors = {} as Record<Role, string[]>;
  /** Per role, the address each route pattern is checked at (a pattern with an id: a demo link). */
  const addresses = {} as Record<Role, Map<string, string>>;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
    const people: Record<Role, { phone: string; national: string }> = { admin: demo.admin, member: demo.member, manager: MANAGER };
    for (const role of ['admin', 'member', 'manager'] as const) {
      const p = await newPage(browser, viewports.desktop);
      await p.page.goto(server.url + '/');
      await signInThroughDialog(p.page, tw, people[role]);
      pages[role] = p.page;
      errors[role] = p.errors;
    }
    // The manager's demo client (Jordan) has not answered the invitation: accept it as Jordan, so
    // /manager/clients/:id opens a real client.
    const jordan = await newPage(browser, viewports.desktop);
    await jordan.page.goto(server.url + '/');
    await signInThroughDialog(jordan.page, tw, demo.other);
    await jordan.page.getByTestId('manager-invitation').getByRole('button', { name: 'Accept' }).click();
    await jordan.page.locator('[data-slot="toast"]').getByText(`${MANAGER.name} is now your portfolio manager`).waitFor();
    await jordan.context.close();
  }, 240_000);
  afterAll(() => stopStack({ tw, server, browser }));

  /** Every link seen on any role's pages: an id one role's pages do not link to may come from another's. */
  const pool: string[] = [];
  const seen = new Set<string>();

  /** Visits a page and adds its links to the pool. */
  async function harvest(role: Role, address: string) {
    const page = pages[role];
    await page.goto(server.url + address);
    await settle(page).catch(() => {});
    for (const l of await linksOn(page))
      if (!seen.has(l)) {
        seen.add(l);
        pool.push(l);
      }
  }

  it('a demo address for every page with an id', async () => {
    const roles = ['admin', 'member', 'manager'] as const;
    for (const role of roles) {
      addresses[role] = new Map();
      for (const path of pagesOf(role).filter((p) => !p.includes(':'))) {
        await harvest(role, path);
        addresses[role].set(path, path);
      }
    }
    // A page with an id links on to others (a fund to its cards, a card to its share page): keep
    // opening the newly found ones until nothing new turns up.
    for (let progress = true; progress;) {
      progress = false;
      for (const role of roles) {
        for (const path of pagesOf(role).filter((p) => p.includes(':') && !addresses[role].has(p))) {
          const re = patternOf(path);
          const hit = pool.find((l) => re.test(l.split('?')[0]!));
          if (!hit) continue;
          addresses[role].set(path, hit);
          await harvest(role, hit);
          progress = true;
        }
      }
    }
    const missing = roles.flatMap((role) =>
      pagesOf(role)
        .filter((p) => !addresses[role].has(p))
        .map((p) => `${role} ${p}`),
    );
    expect(missing).toEqual([]);
  }, 400_000);

  for (const [label, viewport] of [
    ['1280', viewports.desktop],
    ['390', viewports.phone],
  ] as const) {
    it(`at ${label} px no page is wider than the window`, async () => {
      const offenders: string[] = [];
      for (const role of ['admin', 'member', 'manager'] as const) {
        const page = pages[role];
        await page.setViewportSize(viewport);
        for (const [pattern, address] of addresses[role] ?? []) {
          await page.goto(server.url + address);
          const ok = await settle(page).then(
            () => true,
            () => false,
          );
          const { over, culprits } = await overflowOf(page);
          if (over > 0) offenders.push(`${role} ${address} (${pattern}) is ${over} px wider than the window, from ${culprits.join(', ')}`);
          else if (!ok) offenders.push(`${role} ${address} (${pattern}) never finished loading`);
        }
      }
      expect(offenders).toEqual([]);
    }, 400_000);
  }

  it('at 390 px an audit card keeps its action name clear of the time, and the Sales tabs stay on one row', async () => {
    const admin = pages.admin;
    await admin.setViewportSize(viewports.phone);
    await admin.goto(server.url + '/admin/audit');
    const cards = admin.getByTestId('audit-card');
    await cards.first().waitFor();
    const overlapping = await cards.evaluateAll(
      (els) =>
        els.filter((card) => {
          const action = card.querySelector('button')!.getBoundingClientRect();
          const time = card.querySelector('time')!.getBoundingClientRect();
          return action.right > time.left + 0.5 && action.left < time.right && action.top < time.bottom && time.top < action.bottom;
        }).length,
    );
    expect(overlapping).toBe(0);

    const member = pages.member;
    await member.setViewportSize(viewports.phone);
    await member.goto(server.url + '/sales');
    const tabs = member.getByTestId('sales-tabs').getByRole('tab');
    await tabs.first().waitFor();
    const tops = await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThan(1);
    expect(new Set(tops).size).toBe(1);
  }, 60_000);

  it('no page logged an error', () => {
    // Visiting every page in seconds trips the page-view beacon's rate limit, by design; nothing else may fail.
    const real = (list: string[]) => list.filter((e) => !/status of 429 .*\/api\/analytics\/page-view/.test(e));
    expect({ admin: real(errors.admin), member: real(errors.member), manager: real(errors.manager) }).toEqual({ admin: [], member: [], manager: [] });
  });
});
