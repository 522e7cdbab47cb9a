import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { liveOpen } from './support/live.ts';
import { newPage } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog, toastText } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

/** A second tab of the same signed-in person: same cookies and local storage, its own page. */
async function secondTab(browser: Browser, first: BrowserContext): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: await first.storageState(), viewport: { width: 1280, height: 800 } });
  return { context, page: await context.newPage() };
}

describe.skipIf(inject('skipBrowser'))('live updates in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
  });
  afterAll(() => stopStack({ tw, server, browser }));

  it('approving an access request updates the other admin tab without reload and shows the toast', async () => {
    const visitor = '+14155550188';
    const res = await fetch(`${server.url}/api/request-access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': 'web' },
      body: JSON.stringify({
        phone: visitor,
        instagram: 'live.collector',
        referral: '',
        termsAccepted: true,
        privacyAccepted: true,
        marketingOptIn: false,
        smsOptIn: true,
      }),
    });
    expect(res.status).toBe(200);

    const one = await newPage(browser);
    await one.page.goto(server.url + '/');
    await signInThroughDialog(one.page, tw, demo.admin);
    const two = await secondTab(browser, one.context);

    for (const p of [one.page, two.page]) {
      await p.goto(server.url + '/admin/access-requests');
      await p.getByTestId('access-request-row').filter({ hasText: '@live.collector' }).waitFor();
      await liveOpen(p);
    }
    await expectNoSeriousA11yViolations(one.page);
    // Watch the second tab's page without ever reloading it.
    let reloaded = false;
    two.page.on('framenavigated', (f) => {
      if (f === two.page.mainFrame()) reloaded = true;
    });

    await one.page.getByRole('button', { name: 'Approve @live.collector' }).click();
    await one.page.getByRole('alertdialog').getByRole('button', { name: 'Approve', exact: true }).click();

    await two.page.getByTestId('access-request-row').filter({ hasText: '@live.collector' }).waitFor({ state: 'detached' });
    await expect.poll(() => toastText(two.page)).toContain('Access Request Approved');
    expect(reloaded).toBe(false);
    expect(one.errors).toEqual([]);
    await one.context.close();
    await two.context.close();
  });

  it('editing the profile in one tab updates the shell’s name in another, live', async () => {
    const one = await newPage(browser);
    await one.page.goto(server.url + '/');
    await signInThroughDialog(one.page, tw, demo.member);
    await liveOpen(one.page);
    const two = await secondTab(browser, one.context);
    await two.page.goto(server.url + '/settings');
    await two.page.getByLabel('Name', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(two.page);
    await two.page.getByLabel('Name', { exact: true }).fill('Casey Live');
    await two.page.getByRole('button', { name: /^Save/ }).click();

    await expect.poll(() => one.page.getByTestId('account-name').innerText()).toBe('Casey Live');
    await expect.poll(() => toastText(one.page)).toContain('Profile Updated');
    expect(one.errors).toEqual([]);
    await one.context.close();
    await two.context.close();
  });
});
