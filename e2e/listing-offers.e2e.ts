import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { newPage, viewports } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

describe.skipIf(inject('skipBrowser'))('Offers on listings in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  let buyer: Awaited<ReturnType<typeof newPage>>;
  let seller: Awaited<ReturnType<typeof newPage>>;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
    seller = await newPage(browser);
    buyer = await newPage(browser);
    await seller.page.goto(server.url + '/');
    await signInThroughDialog(seller.page, tw, demo.member);
    await buyer.page.goto(server.url + '/');
    await signInThroughDialog(buyer.page, tw, demo.other);
    // The buyer offers from a phone (signed in through the desktop header first).
    await buyer.page.setViewportSize(viewports.phone);
  }, 300_000);
  afterAll(async () => {
    await stopStack({ tw, server, browser });
  });

  it('a member offers on a phone, the seller accepts on /sales, and the buyer goes on to the invoice at checkout', async () => {
    const b = buyer.page;
    const s = seller.page;

    // Jordan opens Casey's Gretzky, where his demo offer is still open: he withdraws it first.
    await b.goto(server.url + '/secure?q=Gretzky');
    await b.getByTestId('listing-tile').first().waitFor();
    await b.getByTestId('listing-tile').filter({ hasText: '$26,500' }).getByRole('link').first().click();
    await b.waitForURL(/\/secure\/[0-9a-f-]{36}$/);
    const mine = b.getByTestId('listing-offer');
    await mine.getByText('Open').first().waitFor();
    await mine.getByRole('button', { name: 'Withdraw offer' }).click();
    await b.getByRole('alertdialog').getByRole('button', { name: 'Withdraw offer' }).click();
    await mine.getByText('Withdrawn').first().waitFor();

    // Below the seller's minimum is refused beside the field; then a real offer.
    const form = b.getByTestId('make-offer');
    await form.getByRole('heading', { name: 'Make an offer' }).waitFor();
    await form.getByLabel('Your offer ($)').fill('15000');
    await form.getByRole('button', { name: 'Send offer' }).click();
    await form.getByText('The seller accepts offers from $20,000.00').waitFor();
    await form.getByLabel('Your offer ($)').fill('25,000');
    await form.getByLabel('Message to the seller (optional)').fill('Ready to pay today.');
    await form.getByRole('button', { name: 'Send offer' }).click();
    await b.getByTestId('listing-offer').filter({ hasText: '$25,000.00' }).getByText('Open').first().waitFor();
    expect(await b.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(b);

    // Casey accepts it from the Offers tab on /sales, after confirming.
    await s.goto(server.url + '/sales?tab=offers');
    const received = s.getByTestId('offers-received').getByTestId('listing-offer').filter({ hasText: '$25,000.00' });
    await received.waitFor();
    await expectNoSeriousA11yViolations(s);
    await received.getByRole('button', { name: 'Accept' }).click();
    const confirm = s.getByRole('alertdialog');
    await confirm.getByText(/reserved for the buyer at \$25,000\.00/).waitFor();
    await confirm.getByRole('button', { name: 'Accept offer' }).click();
    await received.getByText('Accepted').first().waitFor();

    // Jordan sees it accepted on /sales and goes on to pay the invoice at the offer price.
    await b.goto(server.url + '/sales?tab=offers');
    const made = b.getByTestId('offers-made').getByTestId('listing-offer').filter({ hasText: '$25,000.00' });
    await made.getByText('Accepted').first().waitFor();
    expect(await b.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await made.getByRole('link', { name: 'Continue to checkout' }).click();
    await b.waitForURL('**/checkout?invoice=*');
    await b.getByRole('button', { name: /^Pay \$25,000\.00/ }).waitFor();
    await expectNoSeriousA11yViolations(b);
  }, 240_000);
});
