import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { tinyPdf, tinyPng } from '../src/server/test/files.ts';
import { newPage, viewports } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

const MANAGER = { phone: '+12125550102', national: '2125550102' };
const ADMIN = { phone: '+12125550101', national: '2125550101' };
const CLIENT = { phone: '+12125550160', national: '2125550160', name: 'Jordan Whitfield' };

/** Fills the sign-in dialog (already open) with a phone and the code the fake Twilio server received. */
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

async function signInFromHeader(page: Page, url: string, tw: FakeTwilio, person: { phone: string; national: string }) {
  await page.goto(url + '/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await completeSignIn(page, tw, person);
  await page.waitForURL('**/dashboard');
}

describe.skipIf(inject('skipBrowser'))('portfolio manager, client onboarding and KYC in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  let manager: Awaited<ReturnType<typeof newPage>>;
  let client: Awaited<ReturnType<typeof newPage>>;
  let admin: Awaited<ReturnType<typeof newPage>>;
  let clientPageUrl = '';

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
  });
  afterAll(() => stopStack({ tw, server, browser }));

  it('a manager invites a client by SMS from the Portfolio Manager', async () => {
    manager = await newPage(browser);
    const { page } = manager;
    await signInFromHeader(page, server.url, tw, MANAGER);
    await page.goto(server.url + '/manager');
    await page.getByRole('heading', { name: 'Portfolio Manager' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(await page.getByText('MANAGER', { exact: true }).first().isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Invite client' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Client name').fill(CLIENT.name);
    await dialog.getByLabel('Phone number').fill(CLIENT.national);
    await dialog.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Investor' }).click();
    const since = tw.messages.length;
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByTestId('client-row').filter({ hasText: CLIENT.name });
    // Nothing of the client until they answer (decision 127): no link to their page yet.
    await row.getByText('Invitation pending').waitFor();
    expect(await row.getByRole('link').count()).toBe(0);
    await expect.poll(() => tw.messages.slice(since).filter((m) => m.to === CLIENT.phone).length).toBe(1);
    const sms = tw.messages.slice(since).find((m) => m.to === CLIENT.phone)!;
    expect(sms.body).toContain(`${server.url}/onboarding`);
    expect(sms.body).toContain('Morgan Manager');
    await expectNoSeriousA11yViolations(page);
    expect(manager.errors).toEqual([]);
  });

  it('the client follows the link, signs in, and lands on /onboarding at tier selection', async () => {
    client = await newPage(browser);
    const { page } = client;
    await page.goto(`${server.url}/onboarding`);
    await page.getByRole('heading', { name: 'Your portfolio invitation' }).waitFor();
    await page.getByRole('button', { name: 'Sign in to continue' }).click();
    await completeSignIn(page, tw, CLIENT);
    await page.waitForURL('**/onboarding');
    await page.getByRole('heading', { name: 'Welcome, Jordan' }).waitFor();
    await page.getByText('Select Investment Tier').first().waitFor();
    await page.getByText('Suggested by your manager').waitFor();
    await expectNoSeriousA11yViolations(page);

    // Signing in with the invited phone accepted the manager: the client's page opens for them.
    const m = manager.page;
    const row = m.getByTestId('client-row').filter({ hasText: CLIENT.name });
    await row.getByText('Select Investment Tier').waitFor();
    await row.getByRole('link', { name: CLIENT.name, exact: true }).click();
    await m.waitForURL('**/manager/clients/*');
    clientPageUrl = m.url();
    await m.getByRole('heading', { name: CLIENT.name }).waitFor();
    await expectNoSeriousA11yViolations(m);
  });

  it('the client completes every step: tier, allocation, KYC uploads and the agreement', async () => {
    const { page } = client;
    // 1. Tier
    await page.getByRole('radio', { name: /Investor/ }).check({ force: true });
    await page.getByRole('button', { name: 'Continue' }).click();

    // 2. Allocation: 100% required, with a live chart
    await page.getByText('Design Portfolio Strategy').first().waitFor();
    await page.locator('.recharts-pie').waitFor();
    await page.getByLabel('Vintage', { exact: true }).fill('60');
    await page.getByText('Allocation must total 100%').waitFor();
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await page.getByLabel('Vintage', { exact: true }).fill('25');
    await page.getByText('Total 100%').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    // 3. KYC: real PNG and PDF files
    await page.getByText('Complete KYC Verification').first().waitFor();
    const files: [string, string, string, Buffer][] = [
      ['id_front', 'id-front.png', 'image/png', tinyPng(120, 80, 60)],
      ['id_back', 'id-back.png', 'image/png', tinyPng(120, 80, 160)],
      ['selfie', 'selfie.png', 'image/png', tinyPng(80, 100, 220)],
      ['proof_of_address', 'statement.pdf', 'application/pdf', tinyPdf('Statement for Jordan Whitfield')],
    ];
    for (const [type, name, mimeType, buffer] of files) {
      await page.getByTestId(`kyc-file-${type}`).setInputFiles({ name, mimeType, buffer });
      await page.getByTestId(`kyc-row-${type}`).getByText('Under review').waitFor();
    }
    await page.getByRole('button', { name: 'Submit documents' }).click();

    // 4. The agreement in full, typed name and consent
    await page.getByText('Sign Service Agreement').first().waitFor();
    expect(await page.getByTestId('agreement-text').innerText()).toContain('Electronic signature');
    await page.getByText('Version 1', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(await page.getByLabel('Full legal name').inputValue()).toBe(CLIENT.name);
    await page.getByRole('button', { name: 'Sign Agreement' }).click();
    await page.getByText('You must agree to the Service Agreement to continue').waitFor();
    await page.getByRole('checkbox').click();
    await page.getByRole('button', { name: 'Sign Agreement' }).click();

    // 5. Awaiting deposit: wire instructions and the tier's amount
    await page.getByText('Send Initial Deposit').first().waitFor();
    await page.getByRole('heading', { name: 'Wire instructions' }).waitFor();
    expect(await page.locator('#deposit-instructions').innerText()).toContain('$100,000');
    // No instructions are set yet: the client is told the manager will send them, never a placeholder.
    await page.getByText('Your portfolio manager will send you the wire instructions.').waitFor();
    expect(await page.locator('#deposit-instructions').innerText()).not.toMatch(/to be confirmed|provided by your portfolio manager/i);
    expect(client.errors).toEqual([]);
  });

  it('the banner in the member shell shows the step, progress and manager, with View Deposit Instructions', async () => {
    const { page } = client;
    await page.goto(`${server.url}/dashboard`);
    const banner = page.getByTestId('onboarding-banner');
    await banner.getByRole('heading', { name: 'Complete Your Onboarding' }).waitFor();
    expect(await banner.getByTestId('onboarding-step-label').innerText()).toBe('Send Initial Deposit');
    await banner.getByText('Your account is almost ready! Complete your initial deposit').waitFor();
    await banner.getByText('85% complete').waitFor();
    await banner.getByText('Your portfolio manager: Morgan Manager').waitFor();
    await expectNoSeriousA11yViolations(page);
    await banner.getByRole('link', { name: 'View Deposit Instructions' }).click();
    await page.waitForURL('**/onboarding');
    await page.getByRole('heading', { name: 'Wire instructions' }).waitFor();
    await page.goto(`${server.url}/dashboard`);
    await banner.waitFor();
  });

  it('an admin sets the wire instructions at /admin/settings; the client sees them and the manager warning goes', async () => {
    await manager.page.goto(clientPageUrl);
    await manager.page.getByTestId('wire-instructions-warning').waitFor();

    admin = await newPage(browser);
    const { page } = admin;
    await signInFromHeader(page, server.url, tw, ADMIN);
    await page.goto(server.url + '/admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).first().click();
    await page.waitForURL('**/admin/settings');
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await page.getByLabel('Beneficiary', { exact: true }).fill('Slab Registry Custody LLC');
    await page.getByLabel('Bank', { exact: true }).fill('First Harbor Bank');
    await page.getByLabel('Routing (ABA)').fill('021000021');
    await page.getByLabel('Account number').fill('000123456789');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save wire instructions' }).click();
    await page.getByText('Settings saved').first().waitFor();

    await client.page.goto(`${server.url}/onboarding`);
    const instructions = client.page.locator('#deposit-instructions');
    await instructions.getByText('First Harbor Bank').waitFor();
    expect(await instructions.innerText()).toContain('000123456789');
    expect(await client.page.getByText('Your portfolio manager will send you the wire instructions.').count()).toBe(0);

    await manager.page.reload();
    await manager.page.getByRole('heading', { name: CLIENT.name }).waitFor();
    expect(await manager.page.getByTestId('wire-instructions-warning').count()).toBe(0);
    expect(admin.errors).toEqual([]);
  });

  it('an admin approves the documents at /admin/kyc-verification', async () => {
    const { page } = admin;
    await page.goto(server.url + '/admin/kyc-verification');
    await page.getByRole('heading', { name: 'KYC Verification' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    const cards = page.getByTestId('kyc-review-card').filter({ hasText: CLIENT.name });
    await expect.poll(() => cards.count()).toBe(4);
    // Previews: images inline, the PDF in a frame.
    const img = cards.filter({ hasText: 'ID front' }).locator('img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(120);
    expect(await cards.filter({ hasText: 'Proof of address' }).locator('iframe').count()).toBe(1);
    for (let i = 0; i < 4; i++) {
      await cards
        .first()
        .getByRole('button', { name: /^Approve / })
        .click();
      await expect.poll(() => cards.count()).toBe(3 - i);
    }
    expect(admin.errors).toEqual([]);
  });

  it('the manager confirms the deposit; the account is active and the client’s banner disappears', async () => {
    const { page } = manager;
    await page.goto(clientPageUrl);
    await page.getByRole('heading', { name: CLIENT.name }).waitFor();
    await page.getByText('Sign Service Agreement').first().waitFor();
    const form = page.getByRole('button', { name: 'Confirm deposit received' });
    await expect.poll(() => form.isEnabled()).toBe(true);
    expect(await page.getByLabel('Amount received (USD)').inputValue()).toBe('100000');
    await form.click();
    // Activation asks for the amount again before anything is sent.
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('$100,000.00').waitFor();
    const activate = dialog.getByRole('button', { name: 'Activate account' });
    expect(await activate.isDisabled()).toBe(true);
    await dialog.getByLabel('Type the amount again').fill('100000');
    await activate.click();
    await page.getByText('Account Active').first().waitFor();
    await page.getByText('$100,000.00').first().waitFor();

    // The live event refreshes the client's shell: the banner goes away without a reload.
    await expect.poll(() => client.page.getByTestId('onboarding-banner').count(), { timeout: 15_000 }).toBe(0);
    await client.page.goto(`${server.url}/onboarding`);
    await client.page.getByText('Account Active').first().waitFor();
    expect(client.errors).toEqual([]);
    expect(manager.errors).toEqual([]);
  });

  it('on a phone the manager list stacks into cards', async () => {
    const { page, context } = await newPage(browser, viewports.phone);
    await context.addCookies(await manager.context.cookies());
    await page.goto(server.url + '/manager');
    await page.getByTestId('client-card').filter({ hasText: CLIENT.name }).getByText('Account Active').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await context.close();
  });
});
