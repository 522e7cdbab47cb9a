// Decision 127 in Chromium: a member sees a manager's invitation, with the manager's name, and
// accepts it; only then does the manager see them. The demo seed has Morgan's invitation to Jordan
// waiting for an answer.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { demo, signInThroughDialog } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { startStack, stopStack } from './support/stack.ts';

const MANAGER = { phone: '+12125550102', national: '2125550102', name: 'Morgan Manager' };

describe.skipIf(inject('skipBrowser'))('a member answers a portfolio manager’s invitation', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
  });
  afterAll(() => stopStack({ tw, server, browser }));

  it('the manager sees only "Invitation pending"; the member sees the manager’s name, accepts, and the manager then sees them', async () => {
    const manager = await newPage(browser);
    await manager.page.goto(server.url + '/');
    await signInThroughDialog(manager.page, tw, MANAGER);
    await manager.page.goto(server.url + '/manager');
    const row = manager.page.getByTestId('client-row').filter({ hasText: demo.other.name });
    await row.getByText('Invitation pending').waitFor();
    await row.getByText('Waiting for their answer').waitFor();
    expect(await row.getByRole('link').count()).toBe(0);

    const member = await newPage(browser);
    const { page } = member;
    await page.goto(server.url + '/');
    await signInThroughDialog(page, tw, demo.other);
    // The invitation waits on the dashboard, under the member bar: no detour to /onboarding.
    const invitation = page.getByTestId('manager-invitation');
    await invitation.getByRole('heading', { name: `${MANAGER.name} invited you to be your portfolio manager` }).waitFor();
    await invitation.getByText('Nothing is shared until you accept').waitFor();
    expect(page.url()).toMatch(/\/dashboard$/);
    await expectNoSeriousA11yViolations(page);

    await invitation.getByRole('button', { name: 'Accept' }).click();
    // The sign-in's own toast may still be up: wait for this one by its words.
    await page.locator('[data-slot="toast"]').getByText(`${MANAGER.name} is now your portfolio manager`).waitFor();
    const banner = page.getByTestId('onboarding-banner');
    await banner.getByText('Select Investment Tier').waitFor();
    await banner.getByText(`Your portfolio manager: ${MANAGER.name}`).waitFor();
    expect(await invitation.count()).toBe(0);

    // The manager's list follows live: the client's step, and a link to their page.
    await row.getByText('Select Investment Tier').waitFor();
    await row.getByRole('link', { name: demo.other.name, exact: true }).click();
    await manager.page.waitForURL('**/manager/clients/*');
    await manager.page.getByRole('heading', { name: demo.other.name }).waitFor();

    // The member can see and remove their manager in Settings.
    await page.goto(server.url + '/settings');
    const section = page.getByTestId('manager-section');
    await section.getByText(MANAGER.name).waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(member.errors).toEqual([]);
    expect(manager.errors).toEqual([]);
  });
});
