import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { tinyPdf, tinyPng } from '../src/server/test/files.ts';
import { newPage } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

const MANAGER = { phone: '+12125550102', national: '2125550102' };
const CLIENT = { phone: '+12125550171', national: '2125550171', name: 'Riley Brennan' };
const VINTAGE = 'Vintage Baseball Fund';
const MODERN = 'Modern Basketball Fund';

async function completeSignIn(page: Page, tw: FakeTwilio, person: { phone: string; national: string }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Phone number').fill(person.national);
  const since = tw.messages.length;
  await dialog.getByRole('button', { name: 'Send Verification Code' }).click();
  await dialog.getByRole('button', { name: 'Complete Verification' }).waitFor();
  const code = await tw.waitForCode(person.phone, { since });
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Complete Verification' }).click();
}

async function signIn(page: Page, url: string, tw: FakeTwilio, person: { phone: string; national: string }) {
  await page.goto(url + '/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await completeSignIn(page, tw, person);
  await page.waitForURL('**/dashboard');
}

describe.skipIf(inject('skipBrowser'))('card funds in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  let manager: Awaited<ReturnType<typeof newPage>>;
  let client: Awaited<ReturnType<typeof newPage>>;
  let admin: Awaited<ReturnType<typeof newPage>>;
  let clientPageUrl = '';

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
    manager = await newPage(browser);
    client = await newPage(browser);
    admin = await newPage(browser);
    await signIn(manager.page, server.url, tw, MANAGER);
    await signIn(admin.page, server.url, tw, demo.admin);
  }, 360_000);
  afterAll(() => stopStack({ tw, server, browser }));

  it('a client chooses two funds at onboarding and reaches the deposit step', { timeout: 240_000 }, async () => {
    const m = manager.page;
    await m.goto(server.url + '/manager');
    await m.getByRole('button', { name: 'Invite client' }).click();
    const dialog = m.getByRole('dialog');
    await dialog.getByLabel('Client name').fill(CLIENT.name);
    await dialog.getByLabel('Phone number').fill(CLIENT.national);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Until the client answers, the manager sees the invitation and nothing of the client (decision 127).
    const row = m.getByTestId('client-row').filter({ hasText: CLIENT.name });
    await row.getByText('Invitation pending').first().waitFor();
    expect(await row.getByRole('link', { name: CLIENT.name, exact: true }).count()).toBe(0);

    const c = client.page;
    await c.goto(`${server.url}/onboarding`);
    await c.getByRole('button', { name: 'Sign in to continue' }).click();
    await completeSignIn(c, tw, CLIENT);
    await c.waitForURL('**/onboarding');

    // A new phone let in by the invitation consents by signing in: the manager may now open the client.
    await m.reload();
    await m.getByTestId('client-row').filter({ hasText: CLIENT.name }).getByRole('link', { name: CLIENT.name, exact: true }).click();
    await m.waitForURL('**/manager/clients/*');
    clientPageUrl = m.url();
    await c.getByRole('radio', { name: /Collector/ }).check({ force: true });
    await c.getByRole('button', { name: 'Continue' }).click();

    // The allocation step offers the open funds; their shares must add up to 100.
    await c.getByText('Funds for your deposit').waitFor();
    await c.getByLabel(`${VINTAGE} share`).fill('60');
    await c.getByText('Fund percentages must add up to 100%').waitFor();
    expect(await c.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await c.getByLabel(`${MODERN} share`).fill('40');
    await c.getByText('Funds total 100%').waitFor();
    await expectNoSeriousA11yViolations(c);
    await c.getByRole('button', { name: 'Continue' }).click();

    await c.getByText('Complete KYC Verification').first().waitFor();
    const files: [string, string, string, Buffer][] = [
      ['id_front', 'id-front.png', 'image/png', tinyPng(120, 80, 60)],
      ['id_back', 'id-back.png', 'image/png', tinyPng(120, 80, 160)],
      ['selfie', 'selfie.png', 'image/png', tinyPng(80, 100, 220)],
      ['proof_of_address', 'statement.pdf', 'application/pdf', tinyPdf('Statement for Riley Brennan')],
    ];
    for (const [type, name, mimeType, buffer] of files) {
      await c.getByTestId(`kyc-file-${type}`).setInputFiles({ name, mimeType, buffer });
      await c.getByTestId(`kyc-row-${type}`).getByText('Under review').waitFor();
    }
    await c.getByRole('button', { name: 'Submit documents' }).click();
    await c.getByText('Sign Service Agreement').first().waitFor();
    await c.getByRole('checkbox').click();
    await c.getByRole('button', { name: 'Sign Agreement' }).click();
    await c.getByText('Send Initial Deposit').first().waitFor();

    // The manager sees the choice on the client's page.
    await m.reload();
    const positions = m.getByTestId('client-fund-positions');
    await positions.getByText(`${VINTAGE} 60%`).waitFor();
    await positions.getByText(`${MODERN} 40%`).waitFor();
    expect(client.errors).toEqual([]);
  });

  it(
    'the manager confirms the deposit; the client sees positions in the chosen funds on /funds and the dashboard',
    { timeout: 240_000 },
    async () => {
      const a = admin.page;
      await a.goto(server.url + '/admin/kyc-verification');
      const cards = a.getByTestId('kyc-review-card').filter({ hasText: CLIENT.name });
      await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(4);
      for (let i = 0; i < 4; i++) {
        await cards
          .first()
          .getByRole('button', { name: /^Approve / })
          .click();
        await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(3 - i);
      }

      const m = manager.page;
      await m.goto(clientPageUrl);
      const confirm = m.getByRole('button', { name: 'Confirm deposit received' });
      await expect.poll(() => confirm.isEnabled()).toBe(true);
      await m.getByLabel('Amount received (USD)').fill('50000');
      await confirm.click();
      const dialog = m.getByRole('alertdialog');
      await dialog.getByLabel('Type the amount again').fill('50000');
      await dialog.getByRole('button', { name: 'Activate account' }).click();
      await m.getByText('Account Active').first().waitFor();
      // The deposit waits, split by the client's choice, for each fund's next valuation.
      const mine = m.getByTestId('client-fund-position');
      await mine.filter({ hasText: VINTAGE }).getByText('$30,000.00 awaiting the next valuation').waitFor();
      await mine.filter({ hasText: MODERN }).getByText('$20,000.00 awaiting the next valuation').waitFor();

      const c = client.page;
      await c.goto(server.url + '/funds');
      const onFunds = c.getByTestId('fund-position');
      await onFunds.filter({ hasText: VINTAGE }).getByText('$30,000.00 to invest at the next valuation').waitFor();
      await onFunds.filter({ hasText: MODERN }).getByText('$20,000.00 to invest at the next valuation').waitFor();
      expect(await c.getByTestId('fund-card').count()).toBeGreaterThanOrEqual(3);
      await expectNoSeriousA11yViolations(c);

      await c.goto(server.url + '/dashboard');
      const summary = c.getByTestId('dashboard-funds');
      await summary.waitFor();
      expect(await summary.getByTestId('fund-position').count()).toBe(2);
      expect(client.errors).toEqual([]);
      expect(manager.errors).toEqual([]);
    },
  );

  it('an admin runs a valuation: the subscription is dealt and the NAV chart moves', { timeout: 240_000 }, async () => {
    const a = admin.page;
    await a.goto(server.url + '/admin/funds');
    await a.getByRole('heading', { name: 'Funds', exact: true }).waitFor();
    await expectNoSeriousA11yViolations(a);
    await a.getByTestId('admin-fund-row').getByRole('link', { name: VINTAGE }).click();
    await a.waitForURL('**/admin/funds/*/manage');
    const fundId = a.url().split('/admin/funds/')[1]!.split('/')[0]!;

    // The member page's chart before.
    const c = client.page;
    await c.goto(`${server.url}/funds/${fundId}`);
    const chart = c.getByTestId('nav-chart');
    await chart.waitFor();
    const before = Number(await chart.getAttribute('data-points'));
    expect(before).toBeGreaterThan(1);

    await a.getByRole('tab', { name: /Valuations/ }).click();
    await a.getByRole('button', { name: 'Preview' }).click();
    const preview = a.getByTestId('valuation-preview');
    await preview.waitFor();
    await preview.getByText(CLIENT.name).waitFor();
    await expectNoSeriousA11yViolations(a);
    await a.getByRole('button', { name: 'Run valuation' }).click();
    const dialog = a.getByRole('alertdialog');
    await dialog.getByText('It cannot be undone.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Run valuation' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await a.getByRole('tab', { name: /Investors/ }).click();
    await a.getByTestId('investor-row').filter({ hasText: CLIENT.name }).waitFor();

    // The client's page follows live: one more point on the chart, and the position is in units.
    await expect.poll(() => chart.getAttribute('data-points').then(Number), { timeout: 15_000 }).toBe(before + 1);
    await c.getByTestId('position-value').waitFor();
    await c.goto(`${server.url}/funds`);
    const held = c.getByTestId('fund-position').filter({ hasText: VINTAGE });
    await held.getByText(/units/).waitFor();
    expect(await held.getByText('to invest at the next valuation').count()).toBe(0);
    expect(admin.errors).toEqual([]);
    expect(client.errors).toEqual([]);
  });
});
