import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { newPage, viewports } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog, toastText } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

const level = (text: string) => Number(text.replace(/[^0-9.]/g, ''));
const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ''));
// "$4,200 (as of Nov 13, 2026)" → 4200: the amount before the date.
const amount = (text: string) => dollars(text.split('(')[0]);
// Refetches after a change can be slow on a busy machine.
const settle = { timeout: 15_000 };

describe.skipIf(inject('skipBrowser'))('market index in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
  });
  afterAll(async () => stopStack({ tw, server, browser }));

  it('a visitor sees the gradient band, the level and the chart; an admin imports prices and the public level moves', async () => {
    const visitor = await newPage(browser);
    const { page } = visitor;
    await page.goto(server.url + '/WonderShyneIndex');
    const hero = page.getByTestId('index-hero');
    await hero.waitFor();
    expect(await hero.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('linear-gradient');
    expect(await hero.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
    // The public layout: a visitor is offered sign-in, not the member menu.
    await page
      .getByRole('button', { name: /sign in/i })
      .first()
      .waitFor();
    const levelText = page.getByTestId('index-level');
    await expect.poll(async () => level(await levelText.innerText())).toBeGreaterThan(0);
    const before = level(await levelText.innerText());
    const chart = page.getByTestId('index-chart');
    await chart.locator('svg.recharts-surface').first().waitFor();
    await chart.getByRole('button', { name: '5Y' }).click();
    expect(await chart.getByRole('button', { name: '5Y' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('constituent-row').count()).toBeGreaterThan(30);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'How the index is calculated' }).click();
    await page.waitForURL('**/wsi');
    await page.getByTestId('formula').waitFor();
    await expect.poll(() => page.getByTestId('divisor-row').count()).toBeGreaterThan(2);
    // The base date let every first constituent in: the list is folded behind its count and opens from the keyboard.
    const baseDate = page.getByTestId('divisor-row').last();
    const fold = baseDate.locator('summary', { hasText: /^In: \d+ cards$/ });
    const folded = Number((await fold.innerText()).match(/\d+/)![0]);
    expect(folded).toBeGreaterThan(30);
    expect(await baseDate.getByRole('listitem').first().isVisible()).toBe(false);
    await fold.focus();
    await page.keyboard.press('Enter');
    await baseDate.getByRole('listitem').first().waitFor();
    expect(await baseDate.getByRole('listitem').count()).toBe(folded);
    // The table fits its box: no column is pushed out of sight.
    const box = page.locator('table').last().locator('xpath=..');
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // Opened afresh, /wsi and / draw their formulas with Inter's latin file alone (Σ in the system
    // font, subscripts as <sub>), and the public config comes with the page, not from the API (decision 150).
    const fresh = await newPage(browser, viewports.phone);
    const configRequests: string[] = [];
    fresh.page.on('request', (r) => {
      if (r.url().includes('/api/public-config')) configRequests.push(r.url());
    });
    const interFaces = () =>
      fresh.page.evaluate(async () => {
        await document.fonts.ready;
        const ranges: string[] = [];
        document.fonts.forEach((f) => {
          if (f.status === 'loaded' && f.family.includes('Inter')) ranges.push(f.unicodeRange);
        });
        return ranges;
      });
    for (const path of ['/wsi', '/']) {
      await fresh.page.goto(server.url + path);
      // On a phone the divisor log is a list of cards; its table rows are there, hidden.
      await fresh.page
        .locator(path === '/wsi' ? '[data-testid="divisor-row"]' : 'figcaption')
        .first()
        .waitFor({ state: 'attached' });
      await fresh.page.locator('figcaption, [data-testid="formula"]').first().scrollIntoViewIfNeeded();
      expect(await interFaces(), path).toEqual([expect.stringMatching(/^U\+0-FF,/)]);
    }
    expect(configRequests).toEqual([]);
    expect(fresh.errors).toEqual([]);
    await fresh.context.close();

    const admin = await newPage(browser);
    await admin.page.goto(server.url + '/');
    await signInThroughDialog(admin.page, tw, demo.admin);
    await admin.page.goto(server.url + '/admin/index');
    const today = new Date().toISOString().slice(0, 10);
    const csv = [
      'player,year,set,card_number,variety,grader,grade,date,price,source,sale_ref',
      `Mickey Mantle,1952,Topps,311,,PSA,4,${today},"950,000.00",Heritage,E2E-1`,
      `Mickey Mantle,1952,Topps,311,,PSA,4,${today},banana,Heritage,E2E-2`,
    ].join('\n');
    await admin.page.getByLabel('CSV text').fill(csv);
    await admin.page.getByRole('button', { name: 'Dry run' }).click();
    const report = admin.page.getByTestId('import-report');
    await expect.poll(() => report.innerText()).toContain('Dry run: 2 rows · 1 accepted · 0 duplicates · 1 rejected');
    expect(await report.innerText()).toContain('Line 3: price must be a positive amount in dollars');
    await admin.page.getByRole('button', { name: 'Commit 1 rows' }).click();
    await expect.poll(() => toastText(admin.page)).toContain('Prices imported');
    await expect.poll(() => report.innerText()).toContain('The series has been recomputed.');

    await page.goto(server.url + '/WonderShyneIndex');
    await expect.poll(async () => level(await page.getByTestId('index-level').innerText())).toBeGreaterThan(before + 1);
  });

  it('a member pins an estimate over a card’s market value, sees the total follow, then follows the market again', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(server.url + '/');
    await signInThroughDialog(page, tw, demo.other);
    await page.getByRole('banner').getByRole('link', { name: 'Registry' }).click();
    await page.waitForURL('**/registry');
    const total = page.getByTestId('registry-total');
    await total.waitFor();
    expect(await page.getByTestId('registry-at-market').innerText()).toMatch(/\d+ cards are counted at market value/);
    const before = dollars(await total.innerText());
    const tile = page.getByTestId('registry-card').filter({ hasText: 'Giannis Antetokounmpo' });
    expect(await tile.getByTestId('value-note').innerText()).toMatch(/^Market value \(as of \w{3} \d{1,2}, \d{4}\)$/);
    await tile.getByRole('link', { name: 'Giannis Antetokounmpo' }).click();
    await page.waitForURL('**/registry/*');

    const valuation = page.getByTestId('card-valuation');
    await valuation.getByRole('heading', { name: 'Market value' }).waitFor();
    const market = amount(await valuation.getByTestId('card-value').innerText());
    expect(await valuation.innerText()).toContain('Following the market');
    await expectNoSeriousA11yViolations(page);

    // By keyboard: open the form, a wrong amount is refused with a message, a right one is pinned.
    await valuation.getByRole('button', { name: 'Pin my estimate' }).focus();
    await page.keyboard.press('Enter');
    const field = valuation.getByLabel('Your estimate (USD)');
    await field.fill('a lot');
    await page.keyboard.press('Enter');
    await expect.poll(() => valuation.getByRole('alert').innerText(), settle).toContain('Enter a dollar amount');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill('5,000');
    await page.keyboard.press('Enter');
    await expect.poll(() => toastText(page), settle).toContain('Estimate pinned');
    await valuation.getByRole('heading', { name: 'Your estimate' }).waitFor();
    expect(dollars(await valuation.getByTestId('card-value').innerText())).toBe(5000);
    expect(await valuation.innerText()).toMatch(new RegExp(`Market value \\$${market.toLocaleString('en-US')} \\(as of`));
    await page.getByTestId('provenance').getByText('Estimate pinned over the market value').waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Registry', exact: true }).first().click();
    await page.waitForURL('**/registry');
    await expect.poll(async () => dollars(await total.innerText()), settle).toBe(before - market + 5000);
    expect(await tile.getByTestId('value-note').innerText()).toContain('Your estimate (pinned)');

    await tile.getByRole('link', { name: 'Giannis Antetokounmpo' }).click();
    await valuation.getByRole('button', { name: 'Follow the market' }).click();
    await expect.poll(() => toastText(page), settle).toContain('Following the market');
    await valuation.getByRole('heading', { name: 'Market value' }).waitFor();
    expect(amount(await valuation.getByTestId('card-value').innerText())).toBe(market);
    await page.goBack();
    await page.waitForURL('**/registry');
    await expect.poll(async () => dollars(await total.innerText()), settle).toBe(before);
    expect(errors).toEqual([]);
  });

  it('on a phone, a pinned card held by a listing shows the estimate, the market value and why it is locked, without overflowing', async () => {
    const { page, errors } = await newPage(browser, viewports.phone);
    await page.goto(server.url + '/');
    // Casey, not Jordan: a phone may ask for a new code only every 30 s.
    await signInThroughDialog(page, tw, demo.member, { mobile: true });
    await page.goto(server.url + '/registry');
    const tile = page.getByTestId('registry-card').filter({ hasText: 'Wayne Gretzky' });
    await tile.getByRole('link', { name: 'Wayne Gretzky' }).click();
    const valuation = page.getByTestId('card-valuation');
    await valuation.getByRole('heading', { name: 'Your estimate' }).waitFor();
    expect(await valuation.innerText()).toContain('Pinned');
    // The Gretzky is listed for sale: its pinned value is frozen (decision 128), so the reason shows
    // where the controls would be.
    await valuation.getByText('This card is listed for sale: its grade and value are locked until the listing ends').waitFor();
    expect(await valuation.getByRole('button', { name: 'Follow the market' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });
});
