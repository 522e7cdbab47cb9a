import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { newPage, viewports } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

describe.skipIf(inject('skipBrowser'))('the admin dashboard in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  // The phone test reuses this session: a second code for the same phone would wait out the resend cooldown.
  let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
  }, 300_000);
  afterAll(async () => {
    await stopStack({ tw, server, browser });
  });

  it('an admin sees the business at a glance, switches period and follows a tile to its queue', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(server.url + '/');
    await signInThroughDialog(page, tw, demo.admin);
    await page.goto(server.url + '/admin');
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();

    // Tiles from every part of the business, with the demo's figures.
    const tile = (name: string) => page.getByRole('link', { name: new RegExp(`^${name}`) });
    await tile('Funds AUM').getByText(/\$\d/).waitFor();
    await tile('Loans outstanding').getByText(/\$\d/).waitFor();
    await tile('Active listings').getByText(/^\d+$/).first().waitFor();
    for (const name of [
      'Members',
      'Pending requests',
      'KYC queue',
      'GMV',
      'Sales',
      'Overdue installments',
      'Open invoices',
      'Overdue invoices',
      'Open hunts',
      'Sources offered',
    ]) {
      expect(await tile(name).count(), name).toBeGreaterThan(0);
    }

    // The charts load as they scroll into view: 30 days by default.
    const sales = page.getByTestId('chart-card-sales');
    await sales.scrollIntoViewIfNeeded();
    await expect.poll(() => sales.getByTestId('chart-sales').getAttribute('data-points')).toBe('30');
    await page.getByTestId('chart-card-aum').scrollIntoViewIfNeeded();
    await page.getByTestId('chart-aum').locator('svg').first().waitFor();
    await page.getByTestId('chart-card-ltv').scrollIntoViewIfNeeded();
    await page.getByTestId('chart-ltv').locator('svg').first().waitFor();
    await expectNoSeriousA11yViolations(page);

    // 12 months: kept in the URL, monthly buckets, and the figures readable as a table.
    const periods = page.getByRole('group', { name: 'Period' });
    await periods.getByRole('button', { name: '12 months' }).click();
    await page.waitForURL('**/admin?period=12m');
    expect(await periods.getByRole('button', { name: '12 months' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => sales.getByTestId('chart-sales').getAttribute('data-points')).toBe('12');
    await expect.poll(() => sales.innerText()).toMatch(/\d+ sales worth \$[\d,.]+ over the last 12 months/);
    await sales.getByText('Show the figures').click();
    const table = sales.getByRole('table', { name: 'Sales and GMV' });
    expect(await table.getByRole('row').count()).toBe(13); // the header and 12 months
    await expectNoSeriousA11yViolations(page);

    // Reloading keeps the period.
    await page.reload();
    await expect.poll(() => periods.getByRole('button', { name: '12 months' }).getAttribute('aria-pressed')).toBe('true');

    // A tile opens its queue.
    await tile('Overdue invoices').click();
    await page.waitForURL('**/admin/invoices?status=overdue');
    await page.getByRole('heading', { name: 'Invoices' }).first().waitFor();
    await page.goBack();
    // The demo's specimen documents wait in the KYC queue, and each opens.
    // Casey's, Jordan's and the manager's client Priya's; Marcus Bell's were approved before his deposit.
    await tile('KYC queue').getByText('Documents from 3 members to review').waitFor();
    await tile('KYC queue').getByText('10', { exact: true }).waitFor();
    await tile('KYC queue').click();
    await page.waitForURL('**/admin/kyc-verification');
    const casey = page.getByTestId('kyc-review-card').filter({ hasText: 'Casey Collector' });
    await expect.poll(() => casey.count()).toBe(3);
    const idFront = casey.filter({ hasText: 'ID front' }).locator('img');
    await expect.poll(() => idFront.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(420);
    const jordan = page.getByTestId('kyc-review-card').filter({ hasText: 'Jordan Reyes' });
    await expect.poll(() => jordan.count()).toBe(4);
    await expect.poll(() => page.getByTestId('kyc-review-card').filter({ hasText: 'Priya Raman' }).count()).toBe(3);
    expect(errors).toEqual([]);
    adminState = await context.storageState();
    await context.close();
  }, 240_000);

  it('stacks the tiles and charts at phone width', async () => {
    const context = await browser.newContext({ viewport: viewports.phone, storageState: adminState });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + '/admin?period=7d');
    const first = page.getByRole('link', { name: /^Members/ });
    const second = page.getByRole('link', { name: /^Pending requests/ });
    await first.getByText(/^\d+$/).waitFor();
    const [a, b] = [await first.boundingBox(), await second.boundingBox()];
    expect(a!.x).toBe(b!.x);
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
    expect(a!.width).toBeGreaterThan(300);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const members = page.getByTestId('chart-card-members');
    await members.scrollIntoViewIfNeeded();
    await expect.poll(() => members.getByTestId('chart-members').getAttribute('data-points')).toBe('7');
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
