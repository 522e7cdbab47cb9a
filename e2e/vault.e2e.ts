import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { newPage, viewports } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog, toastText } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

describe.skipIf(inject('skipBrowser'))('vault intake in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  let member: Awaited<ReturnType<typeof newPage>>;
  let admin: Awaited<ReturnType<typeof newPage>>;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
    member = await newPage(browser);
    admin = await newPage(browser);
    await member.page.goto(server.url + '/');
    await signInThroughDialog(member.page, tw, demo.other);
    await admin.page.goto(server.url + '/');
    await signInThroughDialog(admin.page, tw, demo.admin);
    // The admin's half runs at phone width (signing in is done from the desktop header).
    await admin.page.setViewportSize(viewports.phone);
  });
  afterAll(async () => {
    await stopStack({ tw, server, browser });
  });

  it('a member requests an intake; the admin receives the card with its appraisal; the member sees it in the vault', async () => {
    // Member, desktop: the Vault tab of the registry.
    const { page, errors } = member;
    await page.goto(server.url + '/registry');
    await page.getByRole('tab', { name: 'Vault' }).click();
    await page.waitForURL('**/registry?tab=vault');
    await page.getByRole('heading', { level: 3, name: 'Intakes' }).waitFor();
    await page.getByRole('button', { name: 'Send cards to the vault' }).click();
    const form = page.getByRole('form', { name: 'Send cards to the vault' });
    const first = form.getByRole('checkbox').first();
    const pickId = await first.getAttribute('id');
    const title = (await form.locator(`label[for="${pickId}"] span`).first().innerText()).trim();
    await first.click();
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Request intake' }).click();
    expect(await toastText(page)).toMatch(/Intake VI-\d{5} requested/);
    const intake = page.getByTestId('vault-intake').filter({ hasText: title });
    await intake.getByText('Awaiting arrival').first().waitFor();
    await intake.getByText('100 Vault Way').waitFor();
    const number = (await intake.innerText()).match(/VI-\d{5}/)![0];

    // Admin, phone: the vault queue, receive the card with an appraisal.
    const a = admin.page;
    await a.goto(server.url + '/admin/vault');
    const queued = a.getByTestId('admin-intake').filter({ hasText: number });
    await queued.waitFor();
    await queued.getByLabel('Appraised value').fill('1,250');
    await expectNoSeriousA11yViolations(a);
    await queued.getByRole('button', { name: 'Mark received' }).click();
    await queued.getByText(/Received .* appraised at \$1,250\.00/).waitFor({ timeout: 15_000 });
    await queued.getByText('Received', { exact: true }).waitFor();
    expect(await a.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Member, now at phone width: the intake is received and the card is in the vault.
    await page.setViewportSize(viewports.phone);
    await page.reload();
    const done = page.getByTestId('vault-intake').filter({ hasText: number });
    await done.getByText('Received', { exact: true }).waitFor();
    await done.getByText(/In vault · received/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // Member, phone: ask for it back; the fee is 1% of the $1,250 appraisal, then on to checkout.
    await page.getByRole('button', { name: 'Request cards back' }).click();
    const out = page.getByRole('form', { name: 'Request cards back' });
    const pickFor = await out.locator('label', { hasText: title }).getAttribute('for');
    await out.locator(`[id="${pickFor}"]`).click();
    await out.getByText('Outtake fee: $12.50').waitFor();
    await out.getByLabel('Recipient name').fill('Jordan Reyes');
    await out.getByLabel('Street address').fill('12 Elm Street');
    await out.getByLabel('City').fill('Austin');
    await out.getByLabel('State').fill('TX');
    await out.getByLabel('ZIP or postal code').fill('78701');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await out.getByRole('button', { name: 'Request outtake and pay the fee' }).click();
    await page.waitForURL('**/checkout?invoice=*');
    await page.getByRole('heading', { level: 1, name: 'Pay an invoice' }).waitFor();
    expect(errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
