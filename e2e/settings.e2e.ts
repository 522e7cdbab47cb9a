import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { newPage } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog, toastText } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

describe.skipIf(inject('skipBrowser'))('platform settings in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  let member: Awaited<ReturnType<typeof newPage>>;
  let admin: Awaited<ReturnType<typeof newPage>>;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
    admin = await newPage(browser);
    member = await newPage(browser);
    await admin.page.goto(server.url + '/');
    await signInThroughDialog(admin.page, tw, demo.admin);
    await member.page.goto(server.url + '/');
    await signInThroughDialog(member.page, tw, demo.member);
  }, 300_000);
  afterAll(async () => {
    await stopStack({ tw, server, browser });
  });

  it('an admin raises the minimum loan; a member sees the new minimum on /lend', { timeout: 240_000 }, async () => {
    const a = admin.page;
    await a.goto(server.url + '/admin/settings');
    await a.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    const policy = a.getByRole('form', { name: 'Lending policy' });
    const minimum = policy.getByLabel('Minimum loan (USD)');
    await expect.poll(() => minimum.inputValue()).toBe('1,000');
    await expectNoSeriousA11yViolations(a);

    // A bad amount is refused beside the field, and what was typed stays.
    await minimum.fill('lots');
    await policy.getByRole('button', { name: 'Save lending policy' }).click();
    await policy.getByText('Enter an amount in dollars, e.g. 1,000').waitFor();
    expect(await minimum.inputValue()).toBe('lots');

    await minimum.fill('2,500');
    await policy.getByRole('button', { name: 'Save lending policy' }).click();
    expect(await toastText(a)).toContain('Settings saved');

    const m = member.page;
    await m.goto(server.url + '/lend');
    await m.getByText(/from a minimum of \$2,500/).waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('an admin switches hunts off: the dashboard loses Source and /source is not found; on again, it is back', { timeout: 240_000 }, async () => {
    const m = member.page;
    await m.goto(server.url + '/dashboard');
    // The member bar holds the spec's four links; the dashboard leads to the rest.
    const source = m.getByRole('main').getByRole('link', { name: /^Source/ });
    await source.waitFor();

    const a = admin.page;
    const switches = a.getByRole('form', { name: 'Feature switches' });
    const hunts = switches.getByRole('switch', { name: 'Hunts visible to members' });
    expect(await hunts.getAttribute('aria-checked')).toBe('true');
    await hunts.click();
    await switches.getByRole('button', { name: 'Save feature switches' }).click();
    expect(await toastText(a)).toContain('Settings saved');

    await m.reload();
    await m
      .getByRole('main')
      .getByRole('link', { name: /^Registry/ })
      .waitFor();
    expect(await source.count()).toBe(0);
    expect(await m.getByRole('link', { name: /^Source/ }).count()).toBe(0);
    await m.goto(server.url + '/source');
    await m.getByRole('heading', { name: "This page isn't in the registry." }).waitFor();

    await hunts.click();
    await switches.getByRole('button', { name: 'Save feature switches' }).click();
    await a.getByText('Settings saved').last().waitFor();
    await m.goto(server.url + '/dashboard');
    await source.waitFor();
    expect(member.errors.filter((e) => !/404/.test(e))).toEqual([]);
  });
});
