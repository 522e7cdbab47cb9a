import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { newPage, viewports } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog, toastText } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

// Refetches after a change can be slow on a busy machine.
const settle = { timeout: 15_000 };

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.skipIf(inject('skipBrowser'))('watchlists and price alerts in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
  });
  afterAll(async () => stopStack({ tw, server, browser }));

  /** Watches a constituent from its page, finds it under Watching on the dashboard, and removes it. */
  async function watchAndRemove(page: Page, errors: string[], player: string, { mobile }: { mobile: boolean }) {
    await page.goto(server.url + '/');
    await signInThroughDialog(page, tw, mobile ? demo.other : demo.member, { mobile });
    await page.goto(server.url + '/WonderShyneIndex');
    // On a phone the table is stacked cards: the visible link of the card's name.
    await page
      .getByRole('link', { name: new RegExp(player) })
      .filter({ visible: true })
      .first()
      .click();
    await page.waitForURL('**/WonderShyneIndex/*');

    // By keyboard: the Watch button opens the dialog; a wrong amount is refused with its message.
    const watch = page.getByRole('button', { name: 'Watch', exact: true });
    await watch.waitFor(settle);
    await watch.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: new RegExp(`^Watch .*${player}`) }).waitFor();
    const below = dialog.getByLabel('Tell me when it falls to (USD)');
    await below.fill('a few');
    await dialog.getByRole('button', { name: 'Watch', exact: true }).click();
    await expect.poll(() => dialog.getByRole('alert').first().innerText(), settle).toContain('Enter an amount in dollars');
    expect(await below.getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yViolations(page);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await below.fill('1.00');
    await page.keyboard.press('Enter');
    await expect.poll(() => toastText(page), settle).toContain('Watching');
    const watching = page.getByRole('link', { name: 'Watching' });
    await watching.waitFor(settle);

    await watching.click();
    await page.waitForURL('**/dashboard*');
    const section = page.locator('section#watching');
    await section.getByRole('heading', { name: 'Watching' }).waitFor();
    const item = section.getByTestId('watching-item').filter({ hasText: player });
    await item.waitFor(settle);
    expect(await item.innerText()).toContain('Price falls to $1');
    await expectNoSeriousA11yViolations(page);
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    // Removing asks first; Cancel keeps it, Remove alert takes it off the list.
    await item.getByRole('button', { name: /^Remove the alert on/ }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Remove this alert?' }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await item.count()).toBe(1);
    await item.getByRole('button', { name: /^Remove the alert on/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove alert' }).click();
    await expect.poll(() => toastText(page), settle).toContain('Alert removed');
    await expect.poll(() => item.count(), settle).toBe(0);
    expect(errors).toEqual([]);
  }

  it('a member watches a constituent from its page, sees it under Watching on the dashboard and removes it (desktop)', async () => {
    const { page, errors } = await newPage(browser, viewports.desktop);
    await watchAndRemove(page, errors, 'Mike Trout', { mobile: false });
  });

  it('the same at phone width, with no sideways scroll', async () => {
    const { page, errors } = await newPage(browser, viewports.phone);
    await watchAndRemove(page, errors, 'Ken Griffey Jr.', { mobile: true });
  });
});
