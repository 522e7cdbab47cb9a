import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { newPage, viewports } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog, toastText } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

/** The server refuses a second code to the same phone within 30 s. */
const RESEND_COOLDOWN_MS = 30_000;

describe.skipIf(inject('skipBrowser'))('phone sign-in, member shell and impersonation in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  let adminCodeSentAt = 0;
  let admin: Awaited<ReturnType<typeof newPage>>;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
  });
  afterAll(() => stopStack({ tw, server, browser }));

  it('keeps signed-out visitors out of the shell and the admin pages', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(server.url + '/dashboard');
    await page.waitForURL(server.url + '/');
    await page.goto(server.url + '/admin/user-access');
    await page.waitForURL(server.url + '/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a number that replied STOP is told on the sign-in form how to opt back in, and no code is sent', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(server.url + '/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');
    // The demo's declined requester replied STOP to the access decision.
    await dialog.getByLabel('Phone number').fill('2125550125');
    const since = tw.messages.length;
    await dialog.getByRole('button', { name: 'Send Verification Code' }).click();
    const note = dialog.getByTestId('sms-opted-out');
    await note.waitFor();
    expect(await note.innerText()).toBe('This number replied STOP; text START to +1 212 555 0199 to receive codes');
    expect(await dialog.getByRole('button', { name: 'Send Verification Code' }).count()).toBe(1);
    expect(await page.getByText('Verification code sent').count()).toBe(0);
    expect(tw.messages.slice(since).filter((m) => m.to === '+12125550125')).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    await context.close();
  });

  it('an admin signs in (the code for the later impersonation must wait out the resend cooldown)', async () => {
    admin = await newPage(browser);
    await admin.page.goto(server.url + '/');
    adminCodeSentAt = await signInThroughDialog(admin.page, tw, demo.admin);
    await admin.page.getByRole('heading', { name: /^Welcome( back)?, Avery$/ }).waitFor();
    await expectNoSeriousA11yViolations(admin.page);
  });

  it('a signed-in page opens on reload with the user it carries, without asking /api/auth/me first', async () => {
    const asked: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (new URL(r.url()).pathname === '/api/auth/me') asked.push(r.url());
    };
    admin.page.on('request', onRequest);
    try {
      await admin.page.reload();
      await admin.page.getByRole('heading', { name: /^Welcome( back)?, Avery$/ }).waitFor();
      expect(await admin.page.getByText('Loading your account').count()).toBe(0);
      expect(asked).toEqual([]);
    } finally {
      admin.page.off('request', onRequest);
    }
  });

  it('a member signs in with the texted code, sees the shell and logs out', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(server.url + '/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');

    // Validation and the spec's states: phone → code → back → code.
    await dialog.getByRole('button', { name: 'Send Verification Code' }).click();
    await dialog.getByText('Please enter a valid phone number').waitFor();
    await dialog.getByLabel('Phone number').fill(demo.member.national);
    expect(await dialog.getByLabel('Phone number').inputValue()).toBe('(212) 555-0103');
    const since = tw.messages.length;
    await dialog.getByRole('button', { name: 'Send Verification Code' }).click();
    await dialog.getByRole('button', { name: 'Complete Verification' }).waitFor();
    expect(await toastText(page)).toContain('Verification code sent');
    await expectNoSeriousA11yViolations(page);
    const code = await tw.waitForCode(demo.member.phone, { since });

    await dialog.getByRole('button', { name: 'Complete Verification' }).click();
    await dialog.getByText('OTP must be 6 digits').waitFor();
    const wrong = code === '000000' ? '111111' : '000000';
    await dialog.getByLabel('Verification code').fill(wrong);
    await dialog.getByRole('button', { name: 'Complete Verification' }).click();
    await expect.poll(() => toastText(page)).toContain('Verification failed');
    expect(await toastText(page)).toContain('Invalid verification code');

    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Complete Verification' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => toastText(page)).toContain("You've been logged in successfully");
    await page.getByRole('heading', { name: /^Welcome( back)?, Casey$/ }).waitFor();
    await expectNoSeriousA11yViolations(page);

    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'auth_state')).toMatchObject({ value: 'true', path: '/', sameSite: 'Strict' });
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toContain('authToken');

    // The shell: Private MarketPlace in the bar, no Admin link for a member.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Private MarketPlace' }).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText('Account', { exact: true }).waitFor();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Dashboard', 'Settings', 'Log out']);
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    expect(await page.getByLabel('Name').inputValue()).toBe('Casey Collector');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(server.url + '/');
    await expect.poll(() => toastText(page)).toContain("You've been logged out successfully");
    expect((await context.cookies()).find((c) => c.name === 'auth_state')).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    await page.goto(server.url + '/dashboard');
    await page.waitForURL(server.url + '/');

    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });

  it('the admin impersonates the member from User Access, sees the banner, and returns to admin', async () => {
    const { page, errors } = admin;
    await page.goto(server.url + '/admin/user-access');
    await page.getByRole('heading', { name: 'User Access' }).waitFor();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'User Access' }).waitFor();
    expect(await page.getByText('ADMIN', { exact: true }).first().isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    const search = page.getByLabel('Search by name or phone');
    await search.fill('Casey');
    await expect.poll(() => page.getByRole('button', { name: /^Impersonate / }).count()).toBe(1);
    await page.getByRole('button', { name: 'Impersonate Casey Collector' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'View as Casey Collector' }).waitFor();

    const wait = adminCodeSentAt + RESEND_COOLDOWN_MS + 1_500 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const since = tw.messages.length;
    await dialog.getByRole('button', { name: 'Send code to my phone' }).click();
    await dialog.getByLabel('Verification code').waitFor();
    const code = await tw.waitForCode(demo.admin.phone, { since });
    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Verify and view as member' }).click();

    await page.waitForURL('**/dashboard');
    await expect.poll(() => toastText(page)).toContain('Admin Access');
    expect(await toastText(page)).toContain('You are now logged in as Casey Collector');
    await page.getByRole('heading', { name: /^Welcome( back)?, Casey$/ }).waitFor();
    await page.getByText('You are viewing this account in admin mode.').waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Return to admin' }).click();
    // Back in the admin's own session, on the admin home (/admin, or User Access before it exists).
    await page.waitForURL(/\/admin(\/user-access)?$/);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'User Access' }).click();
    await page.getByRole('button', { name: 'Impersonate Casey Collector' }).waitFor();
    expect(await page.getByText('You are viewing this account in admin mode.').count()).toBe(0);
    expect(
      await page.evaluate(() =>
        fetch('/api/auth/me', {
          headers: {
            'X-Client-Id': 'web',
            ...(() => {
              const c = JSON.parse(localStorage.getItem('auth') ?? '{}');
              return { 'X-User-Id': c.userId, 'X-Auth-Token': c.authToken };
            })(),
          },
        }).then((r) => r.json()),
      ),
    ).toMatchObject({ name: 'Avery Admin', isAdmin: true, isImpersonated: false });

    expect(errors).toEqual([]);
    await admin.context.close();
  }, 90_000);

  it('works at 390 px: sign in from the mobile menu; the member menu slides in with the links and Log out', async () => {
    const { page, context, errors } = await newPage(browser, viewports.phone);
    await page.goto(server.url + '/');
    await signInThroughDialog(page, tw, demo.other, { mobile: true });
    await page.getByRole('heading', { name: /^Welcome( back)?, Jordan$/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('heading', { name: 'Jordan Reyes' }).waitFor();
    // It slides in from the right and rests against the right edge.
    await expect
      .poll(async () => {
        const box = await sheet.boundingBox();
        return box && Math.round(box.x + box.width);
      })
      .toBe(390);
    expect(await sheet.getByRole('link').allInnerTexts()).toEqual([
      'Market Index',
      'Private MarketPlace',
      'Lend',
      'Registry',
      'Funds',
      'Source',
      'Sales',
      'Dashboard',
      'Settings',
    ]);
    await sheet.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(server.url + '/');
    expect(errors).toEqual([]);
    await context.close();
  });
});
