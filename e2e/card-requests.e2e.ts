import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { newPage, viewports } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog, toastText } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

describe.skipIf(inject('skipBrowser'))('the card requests queue in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof newPage>>;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
    admin = await newPage(browser);
    await admin.page.goto(server.url + '/');
    await signInThroughDialog(admin.page, tw, demo.admin);
  });
  afterAll(async () => {
    await stopStack({ tw, server, browser });
  });

  it('shows every column and action beside the sidebar at 1280 px, and approves a listing request', async () => {
    const { page, errors } = admin;
    await page.goto(server.url + '/admin/requests');
    const row = page.getByTestId('admin-card-request').filter({ hasText: 'Stephen Curry' }).filter({ visible: true });
    await row.getByText('Asking $23,000.00').waitFor();
    // The note and the buttons are on screen: the table does not scroll sideways.
    const table = page.locator('div.overflow-x-auto').filter({ has: row });
    expect(await table.evaluateAll((els) => Math.max(...els.map((el) => el.scrollWidth - el.clientWidth)))).toBeLessThanOrEqual(1);
    const approve = row.getByRole('button', { name: 'Approve the request for 2009 Topps Chrome Stephen Curry' });
    const note = row.getByText('Would like this on the MarketPlace before the playoffs');
    for (const shown of [approve, note]) {
      const box = (await shown.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewports.desktop.width);
    }
    await expectNoSeriousA11yViolations(page);

    await approve.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Approve this request?').waitFor();
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    expect(await toastText(page)).toBe('Request approved');
    // Approved requests leave the pending queue; under any status the row offers the next step.
    await row.waitFor({ state: 'detached' });
    await page.getByLabel('Status').selectOption('all');
    const approved = page.getByTestId('admin-card-request').filter({ hasText: 'Stephen Curry' }).filter({ visible: true });
    await approved.getByText('Approved: pickup arranged').waitFor();
    await approved.getByRole('button', { name: 'Confirm receipt of 2009 Topps Chrome Stephen Curry' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the same queue as cards at phone width, the date a labelled entry of its own', async () => {
    const { page, errors } = admin;
    await page.setViewportSize(viewports.phone);
    await page.goto(server.url + '/admin/requests');
    const card = page.getByTestId('admin-card-request').filter({ hasText: 'Shohei Ohtani' }).filter({ visible: true });
    await card.getByText('Submitted').waitFor();
    await card.getByText('Take into the vault').waitFor();
    await card.getByRole('button', { name: 'Reject the request for 2018 Topps Update Shohei Ohtani' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });
});
