import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { liveOpen } from './support/live.ts';
import { newPage } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

/** The unread count the bell's accessible name gives ("Notifications, 3 unread"). */
async function unreadOf(page: Page): Promise<number> {
  const name = (await page.getByTestId('notification-bell').first().getAttribute('aria-label')) ?? '';
  const m = name.match(/^Notifications, (\d+) unread$/);
  if (m) return Number(m[1]);
  if (name === 'Notifications, none unread') return 0;
  throw new Error(`unexpected bell name: ${name}`);
}

async function choose(select: Locator, text: string) {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  await select.selectOption(value ?? '');
}

describe.skipIf(inject('skipBrowser'))('notifications and the bell in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  let member: Awaited<ReturnType<typeof newPage>>;
  let admin: Awaited<ReturnType<typeof newPage>>;
  let sentInvoice: { id: string; number: string } | undefined;

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

  it('an invoice sent raises the member’s bell live; the member opens it and follows the link', async () => {
    const a = admin.page;
    const m = member.page;
    await m.goto(server.url + '/dashboard');
    await liveOpen(m);
    // The demo seed gives the member a history, some of it unread.
    await expect.poll(() => unreadOf(m)).toBeGreaterThan(0);
    const before = await unreadOf(m);

    await a.goto(server.url + '/admin/invoices');
    await a.getByRole('button', { name: 'New invoice' }).click();
    const dialog = a.getByRole('dialog');
    await dialog.getByLabel('Find a member').fill(demo.member.name);
    await expect.poll(() => dialog.getByLabel('Member', { exact: true }).locator('option', { hasText: demo.member.name }).count()).toBeGreaterThan(0);
    await choose(dialog.getByLabel('Member', { exact: true }), demo.member.name);
    await choose(dialog.getByLabel('Start from a fee template'), 'Vault storage');
    await dialog.getByRole('button', { name: 'Create draft' }).click();
    await a.waitForURL(/\/admin\/edit-invoice\/[0-9a-f-]{36}$/);
    const invoiceId = a.url().split('/').pop()!;
    const number = (await a.getByRole('heading', { level: 1 }).innerText()).match(/INV-\d+/)?.[0] ?? '';
    expect(number).toMatch(/^INV-\d+$/);
    await a.getByRole('button', { name: 'Send', exact: true }).click();
    await a.getByRole('alertdialog').getByRole('button', { name: 'Send invoice' }).click();
    await a.getByRole('heading', { level: 1 }).getByText('Sent').waitFor();

    // Without a reload, the member's count goes up by one.
    await expect.poll(() => unreadOf(m)).toBe(before + 1);
    await m.getByRole('button', { name: `Notifications, ${before + 1} unread` }).click();
    const panel = m.getByRole('dialog', { name: 'Notifications' });
    const first = panel.getByRole('listitem').first();
    await first.getByText(number).waitFor();
    expect(await first.innerText()).toContain('New invoice');
    expect(await first.innerText()).toContain('just now');
    await expectNoSeriousA11yViolations(m);
    await first.getByRole('button').click();
    await m.waitForURL(`**/checkout?invoice=${invoiceId}`);
    await m.getByTestId('checkout-total').waitFor();
    await expect.poll(() => unreadOf(m)).toBe(before);

    // Mark all read empties the count.
    await m.getByTestId('notification-bell').first().click();
    await m.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => unreadOf(m)).toBe(0);
    await m.keyboard.press('Escape');
    expect(member.errors).toEqual([]);
    sentInvoice = { id: invoiceId, number };
  });

  it('the admin who sent it hears nothing of it (each notification to its audience), and the invoice’s page leads to its audit trail', async () => {
    const a = admin.page;
    const { id: invoiceId, number } = sentInvoice!;
    await a.goto(`${server.url}/admin/edit-invoice/${invoiceId}`);
    await a.getByRole('heading', { level: 1 }).getByText(number).waitFor();
    await a.getByTestId('notification-bell').first().click();
    const panel = a.getByRole('dialog', { name: 'Notifications' });
    await panel.waitFor();
    // The panel has loaded (its list or its empty state) and holds nothing about this invoice.
    await panel
      .getByRole('listitem')
      .or(panel.getByText(/no notifications/i))
      .first()
      .waitFor();
    expect(await panel.getByRole('listitem').filter({ hasText: number }).count()).toBe(0);
    await a.keyboard.press('Escape');
    await a.getByRole('link', { name: 'Audit trail' }).click();
    await a.waitForURL(`**/admin/audit?targetType=invoice&targetId=${invoiceId}`);
    await a.getByRole('button', { name: 'invoice.status_changed' }).first().waitFor();
    await a.getByRole('button', { name: 'invoice.created' }).first().waitFor();
    await expectNoSeriousA11yViolations(a);
    expect(admin.errors).toEqual([]);
  });

  it('a member chooses which notifications also come by text', async () => {
    const m = member.page;
    await m.goto(server.url + '/settings');
    const paid = m.getByRole('switch', { name: 'Payments received' });
    await paid.waitFor();
    expect(await paid.getAttribute('aria-checked')).toBe('false');
    await paid.click();
    await m.getByRole('status').filter({ hasText: 'Payments received: texts on. Saved.' }).waitFor({ state: 'attached' });
    await m.reload();
    await expect.poll(() => m.getByRole('switch', { name: 'Payments received' }).getAttribute('aria-checked')).toBe('true');
    await expectNoSeriousA11yViolations(m);
    expect(member.errors).toEqual([]);
  });
});
