import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { newPage, viewports } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog, toastText } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

const visitor = { phone: '+14155550177', national: '4155550177', instagram: 'grail.hunter' };

describe.skipIf(inject('skipBrowser'))('request access, admin approval, first sign-in in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
  });
  afterAll(() => stopStack({ tw, server, browser }));

  it('the dialog validates with the spec messages and enables REQUEST ACCESS only with terms and privacy ticked', async () => {
    const { page, context, errors } = await newPage(browser, viewports.phone);
    const posted: string[] = [];
    page.on('request', (r) => void (r.method() === 'POST' && r.url().endsWith('/api/request-access') && posted.push(r.url())));
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Get Access' }).click();
    const dialog = page.getByTestId('request-access-dialog');
    await dialog.getByRole('heading', { name: 'Request Private Access' }).waitFor();
    await dialog.getByText('By request only. All applications are subject to approval.').waitFor();
    await expectNoSeriousA11yViolations(page);

    const submit = dialog.getByRole('button', { name: 'REQUEST ACCESS' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: /Terms of Use/ }).click();
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: /Privacy and Cookie Policy/ }).click();
    expect(await submit.isDisabled()).toBe(false);

    // The details expand, with links to the policies.
    await dialog.getByRole('button', { name: 'Details on privacy and cookies' }).click();
    expect(await dialog.getByRole('link', { name: 'Cookie Policy' }).getAttribute('href')).toBe('/cookies');

    await dialog.getByLabel('Phone number').fill('41555');
    await submit.click();
    await dialog.getByText('Phone number must be at least 10 digits').waitFor();
    await dialog.getByText('Either Instagram username or Referral is required').waitFor();
    // Nothing was sent, so nobody was texted. (The demo's own jobs may text its people meanwhile.)
    expect(posted).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a visitor requests access: the neutral toast, and the form is reset', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(server.url + '/');
    await page.getByRole('banner').getByRole('button', { name: 'Get Access' }).click();
    const dialog = page.getByTestId('request-access-dialog');
    await dialog.getByLabel('Phone number').fill(visitor.national);
    await dialog.getByLabel('Instagram').fill(visitor.instagram);
    await dialog.getByLabel('Referral').fill('Dana Whitfield');
    await dialog.getByRole('checkbox', { name: /Terms of Use/ }).click();
    await dialog.getByRole('checkbox', { name: /Privacy and Cookie Policy/ }).click();
    await dialog.getByRole('checkbox', { name: /account/ }).click();
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/request-access'));
    await dialog.getByRole('button', { name: 'REQUEST ACCESS' }).click();
    expect((await posted).status()).toBe(200);
    expect(await toastText(page)).toContain('Request sent');
    expect(await toastText(page)).toContain('Your request for access has been received. You may now close this window.');
    expect(await dialog.getByLabel('Instagram').inputValue()).toBe('');
    expect(await dialog.getByRole('checkbox', { name: /Terms of Use/ }).getAttribute('aria-checked')).toBe('false');
    expect(await dialog.getByRole('button', { name: 'REQUEST ACCESS' }).isDisabled()).toBe(true);
    expect(tw.messages.filter((m) => m.to === visitor.phone)).toHaveLength(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin approves it; the visitor is texted how to sign in', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(server.url + '/');
    await signInThroughDialog(page, tw, demo.admin);
    await page.goto(server.url + '/admin');
    await page.getByRole('heading', { name: 'Recent access requests' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page
      .getByRole('link', { name: /Access Requests/ })
      .first()
      .click();
    await page.waitForURL('**/admin/access-requests');

    const row = page.getByTestId('access-request-row').filter({ hasText: '@grail.hunter' });
    await row.getByText('Dana Whitfield').waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(await row.innerText()).toMatch(/Terms[\s\S]*Privacy[\s\S]*Account SMS/);
    await row.getByRole('button', { name: 'Approve @grail.hunter' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByLabel(/Note/).fill('Known collector');
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    expect(await toastText(page)).toContain('Access approved');
    await confirm.waitFor({ state: 'detached' });

    // Reflected at once: gone from Pending, listed under Approved with the note.
    await page.getByTestId('access-request-row').filter({ hasText: '@grail.hunter' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Approved/ }).click();
    await page.getByTestId('access-request-row').filter({ hasText: 'Known collector' }).waitFor();

    await expect.poll(() => tw.messages.filter((m) => m.to === visitor.phone).length).toBe(1);
    expect(tw.messages.find((m) => m.to === visitor.phone)!.body).toMatch(/approved\. Sign in at http/);

    // Twilio reports the delivery to the StatusCallback the server gave it (signed, as Twilio signs).
    const approval = tw.messages.find((m) => m.to === visitor.phone)!;
    expect(approval.statusCallback).toBe(`${server.url}/api/webhooks/twilio/status`);
    expect(await tw.deliverStatus(approval.sid, 'sent')).toBe(204);
    expect(await tw.deliverStatus(approval.sid, 'delivered')).toBe(204);

    // The conversation shows the approval, delivered.
    await page.goto(`${server.url}/admin/sms-convos?phone=${encodeURIComponent(visitor.phone)}`);
    const approvalBubble = page.getByTestId('sms-message').filter({ hasText: 'has been approved' });
    await approvalBubble.waitFor();
    expect(await approvalBubble.getByTestId('sms-status').innerText()).toContain('Delivered');
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the approved phone signs in with the code the fake Twilio server received', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(server.url + '/');
    await signInThroughDialog(page, tw, visitor);
    const me = await page.evaluate(async () => {
      const creds = JSON.parse(localStorage.getItem('auth') ?? '{}');
      const res = await fetch('/api/auth/me', { headers: { 'x-auth-token': creds.authToken ?? '' } });
      return res.json();
    });
    expect(me).toMatchObject({ phone: visitor.phone, isAdmin: false, isAuthenticated: true });
    // Signed in: the header offers the dashboard, not Get Access.
    await page.goto(server.url + '/');
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('banner').getByRole('button', { name: 'Get Access' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.skipIf(inject('skipBrowser'))('a request with one of Instagram or Referral in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
  });
  afterAll(() => stopStack({ tw, server, browser }));

  it('a request with only Instagram or only a Referral reaches the admin queue', async () => {
    const only = [
      { field: 'Instagram', phone: '4155550178', value: 'only.instagram', shown: '@only.instagram' },
      { field: 'Referral', phone: '4155550179', value: 'Referred by Sam Ortiz', shown: 'Referred by Sam Ortiz' },
    ] as const;
    const { page, context, errors } = await newPage(browser);
    await page.goto(server.url + '/');
    for (const one of only) {
      await page.getByRole('banner').getByRole('button', { name: 'Get Access' }).click();
      const dialog = page.getByTestId('request-access-dialog');
      await dialog.getByLabel('Phone number').fill(one.phone);
      await dialog.getByLabel(one.field).fill(one.value);
      await dialog.getByRole('checkbox', { name: /Terms of Use/ }).click();
      await dialog.getByRole('checkbox', { name: /Privacy and Cookie Policy/ }).click();
      const posted = page.waitForResponse((r) => r.url().endsWith('/api/request-access'));
      await dialog.getByRole('button', { name: 'REQUEST ACCESS' }).click();
      expect((await posted).status()).toBe(200);
      expect(await toastText(page)).toContain('Request sent');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    }

    await signInThroughDialog(page, tw, demo.admin);
    await page.goto(server.url + '/admin/access-requests');
    for (const one of only) await page.getByTestId('access-request-row').filter({ hasText: one.shown }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
