import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import type { Invoice } from '../src/common/money.ts';
import { formatCents } from '../src/common/format.ts';
import { newPage } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog } from './support/auth.ts';
import { startStack, stopStack } from './support/stack.ts';

describe.skipIf(inject('skipBrowser'))('admin refunds in Chromium', () => {
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

  it('an admin refunds half of a paid demo invoice; the member sees it partly refunded', async () => {
    const a = admin.page;
    const m = member.page;
    // One of the demo member's paid invoices, found as the admin's app would ask for it.
    const paid = await a.evaluate(async (name) => {
      const creds = JSON.parse(localStorage.getItem('auth') ?? '{}') as { userId?: string; authToken?: string };
      const res = await fetch(`/api/admin/invoices?status=paid&q=${encodeURIComponent(name)}`, {
        headers: { 'X-User-Id': creds.userId ?? '', 'X-Auth-Token': creds.authToken ?? '' },
      });
      return ((await res.json()) as { invoices: Invoice[] }).invoices;
    }, demo.member.name);
    const invoice = paid.find((i) => i.refundedCents === 0 && i.totalCents % 2 === 0 && i.totalCents >= 2);
    expect(invoice, 'a paid demo invoice').toBeDefined();
    const half = invoice!.totalCents / 2;

    await a.goto(`${server.url}/admin/edit-invoice/${invoice!.id}`);
    await a.getByRole('heading', { level: 1 }).getByText(invoice!.number).waitFor();
    expect(await a.getByTestId('invoice-refunded').innerText()).toContain('Nothing refunded');
    await a.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = a.getByRole('alertdialog');
    const amount = dialog.getByLabel('Amount');
    // Prefilled with everything that is left.
    expect(await amount.inputValue()).toBe((invoice!.totalCents / 100).toFixed(2));
    // More than was paid is refused before it is sent.
    await amount.fill(((invoice!.totalCents + 100) / 100).toFixed(2));
    await dialog.getByText(`At most ${formatCents(invoice!.totalCents)} is left to refund`).waitFor();
    await amount.fill((half / 100).toFixed(2));
    await dialog.getByLabel('Reason').fill('Half of the grading fee back');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await a
      .getByTestId('invoice-refunded')
      .getByText(`Refunded ${formatCents(half)} of ${formatCents(invoice!.totalCents)}`)
      .waitFor();
    const row = a.getByTestId('invoice-refund').first();
    expect(await row.innerText()).toContain('Half of the grading fee back');
    expect(await row.innerText()).toContain(formatCents(half));

    // The member sees it on the dashboard and on the invoice.
    await m.goto(server.url + '/dashboard');
    const mine = m.getByTestId('member-invoice').filter({ hasText: invoice!.number });
    await mine
      .getByTestId('member-invoice-refunded')
      .getByText(`Partly refunded ${formatCents(half)} of ${formatCents(invoice!.totalCents)}`)
      .waitFor();
    await m.goto(`${server.url}/checkout?invoice=${invoice!.id}`);
    await m
      .getByRole('status')
      .filter({ hasText: `Partly refunded ${formatCents(half)}` })
      .waitFor();
  });

  it('the admin reconciles today on the ledger page: the refund at the provider matches the ledger', async () => {
    const a = admin.page;
    await a.goto(`${server.url}/admin/ledger`);
    const section = a.getByRole('region', { name: 'Reconciliation' });
    // The demo's daily runs are there, each matched.
    await section.getByText('Daily run').first().waitFor();
    const today = new Date().toISOString().slice(0, 10);
    await section.getByLabel('Day').fill(today);
    await section.getByRole('button', { name: 'Reconcile' }).click();
    const label = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${today}T00:00:00Z`),
    );
    await section.getByText(`${label}: matched.`).waitFor();
    expect(await section.getByText('Run by an admin').count()).toBeGreaterThan(0);
  });
});
