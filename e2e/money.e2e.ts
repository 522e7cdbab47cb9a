import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { liveOpen } from './support/live.ts';
import { newPage } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

/** Picks the option of a native select whose text contains `text`. */
async function choose(select: Locator, text: string) {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  await select.selectOption(value ?? '');
}

describe.skipIf(inject('skipBrowser'))('invoices, payments and membership in Chromium', () => {
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
    await signInThroughDialog(member.page, tw, demo.member);
    await admin.page.goto(server.url + '/');
    await signInThroughDialog(admin.page, tw, demo.admin);
  });
  afterAll(async () => {
    await stopStack({ tw, server, browser });
  });

  it('an admin builds an invoice from a template and sends it; the member pays it live through the test provider', async () => {
    const a = admin.page;
    const m = member.page;
    // The admin writes a template with a fixed and a percentage line, previewed on a sample amount.
    await a.goto(server.url + '/admin/fee-templates');
    await a.getByRole('button', { name: 'New template' }).first().click();
    let dialog = a.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Grading handling');
    await dialog.getByLabel('Applies to').selectOption('other');
    const first = dialog.getByTestId('line-row').first();
    await first.getByLabel('Label').fill('Handling');
    await first.getByLabel('Amount ($)').fill('40');
    await dialog.getByRole('button', { name: 'Add line' }).click();
    const second = dialog.getByTestId('line-row').nth(1);
    await second.getByLabel('Label').fill('Insurance');
    await second.getByLabel('Type').selectOption('bps');
    await second.getByLabel('Percent (%)').fill('2');
    await dialog.getByLabel('Preview on an amount of ($)').fill('1000');
    expect(await dialog.getByTestId('template-preview-total').innerText()).toBe('$60.00');
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await a.getByTestId('fee-template').filter({ hasText: 'Grading handling' }).waitFor();

    // A draft from the template for the member, opened in the editor, then sent.
    await a.goto(server.url + '/admin/invoices');
    await a.getByRole('button', { name: 'New invoice' }).click();
    dialog = a.getByRole('dialog');
    await dialog.getByLabel('Find a member').fill(demo.member.name);
    await expect.poll(() => dialog.getByLabel('Member', { exact: true }).locator('option', { hasText: demo.member.name }).count()).toBeGreaterThan(0);
    await choose(dialog.getByLabel('Member', { exact: true }), demo.member.name);
    await choose(dialog.getByLabel('Start from a fee template'), 'Grading handling');
    await dialog.getByLabel('Amount the percentages apply to ($)').fill('1000');
    await dialog.getByRole('button', { name: 'Create draft' }).click();
    await a.waitForURL(/\/admin\/edit-invoice\/[0-9a-f-]{36}$/);
    expect(await a.getByTestId('invoice-total').innerText()).toBe('$60.00');
    await expectNoSeriousA11yViolations(a);
    const number = (await a.getByRole('heading', { level: 1 }).innerText()).match(/INV-\d+/)?.[0] ?? '';
    expect(number).toMatch(/^INV-\d{6,}$/);
    await liveOpen(m);
    await a.getByRole('button', { name: 'Send', exact: true }).click();
    await a.getByRole('alertdialog').getByRole('button', { name: 'Send invoice' }).click();
    // The page turns read-only with the Sent badge (the toast may already be the live "New invoice" notice).
    await a.getByRole('heading', { level: 1 }).getByText('Sent').waitFor();

    await a.goto(server.url + '/admin/invoices');
    const row = a.getByTestId('invoice-row').filter({ hasText: number });
    await row.getByText('Sent').waitFor();
    await liveOpen(a);

    // The member's dashboard shows it without a reload; the member pays it.
    const mine = m.getByTestId('member-invoice').filter({ hasText: number });
    await mine.waitFor({ timeout: 10_000 });
    await mine.getByRole('link', { name: `Pay ${number}` }).click();
    await m.waitForURL('**/checkout?invoice=*');
    expect(await m.getByTestId('checkout-total').innerText()).toBe('$60.00');
    await expectNoSeriousA11yViolations(m);
    await m.getByRole('button', { name: 'Pay $60.00' }).click();
    await m.waitForURL('**/payment-test?session=*');
    await m.getByText('Test payment page').waitFor();
    await m.getByRole('button', { name: 'Complete payment' }).click();
    await m.waitForURL('**/payment-success?session_id=*');
    await m.getByRole('heading', { name: 'Payment received' }).waitFor();
    expect(await m.getByTestId('paid-amount').innerText()).toBe('$60.00');

    // The admin's list turns to Paid without a reload.
    await row.getByText('Paid').waitFor({ timeout: 10_000 });
    expect(member.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });

  it('a member subscribes to a plan and sees it marked as the current one', async () => {
    const m = member.page;
    await m.goto(server.url + '/subscribe');
    const plan = m.getByTestId('plan').first();
    const name = (await plan.getByRole('heading').first().innerText()).trim();
    await expectNoSeriousA11yViolations(m);
    await plan.getByRole('button', { name: `Choose ${name}` }).click();
    await m.waitForURL('**/payment-test?session=*');
    await m.getByRole('button', { name: 'Complete payment' }).click();
    await m.waitForURL('**/subscription-success?session_id=*');
    await m.getByRole('heading', { name: 'Your membership is active' }).waitFor();
    await m.goto(server.url + '/subscribe');
    await m.getByTestId('plan').filter({ hasText: name }).getByText('Current plan').waitFor();
  });
});
