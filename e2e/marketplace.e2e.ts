import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { liveOpen } from './support/live.ts';
import { newPage, viewports } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

describe.skipIf(inject('skipBrowser'))('Private MarketPlace in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  let buyer: Awaited<ReturnType<typeof newPage>>;
  let watcher: Awaited<ReturnType<typeof newPage>>;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
    buyer = await newPage(browser);
    watcher = await newPage(browser);
    await buyer.page.goto(server.url + '/');
    await signInThroughDialog(buyer.page, tw, demo.member);
    await watcher.page.goto(server.url + '/');
    await signInThroughDialog(watcher.page, tw, demo.other);
    // The second member watches on a phone (signed in through the desktop header first).
    await watcher.page.setViewportSize(viewports.phone);
  }, 300_000);
  afterAll(async () => {
    await stopStack({ tw, server, browser });
  });

  it('a member filters /secure, buys a slab through /payment-test and finds it in the registry, while another member’s open gallery drops it live', async () => {
    const m = buyer.page;
    const w = watcher.page;

    // The second member keeps the hockey gallery open on a phone.
    await w.goto(server.url + '/secure?sport=hockey');
    const watched = w.getByTestId('listing-tile').filter({ hasText: 'Connor McDavid' });
    await watched.waitFor();
    await liveOpen(w);

    // The buyer narrows the gallery with filters kept in the URL.
    await m.goto(server.url + '/secure');
    await m.getByTestId('listing-tile').first().waitFor();
    await m.getByLabel('Sport').selectOption('hockey');
    await m.waitForURL(/sport=hockey/);
    await m.getByLabel('Grade from').selectOption('10');
    await m.waitForURL(/gradeMin=10/);
    await m.getByLabel('Price to ($)').fill('10000');
    await m.getByLabel('Price to ($)').press('Enter');
    await m.waitForURL(/priceMax=10000/);
    await expect.poll(() => m.getByTestId('listing-tile').allInnerTexts()).toEqual([expect.stringContaining('Connor McDavid')]);
    await expectNoSeriousA11yViolations(m);

    // Back returns to the same filtered list after opening the card.
    await m.getByRole('link', { name: 'Connor McDavid' }).click();
    await m.waitForURL(/\/secure\/[0-9a-f-]{36}$/);
    await m.getByRole('heading', { level: 1, name: /Connor McDavid/ }).waitFor();
    expect(await m.getByTestId('provenance-summary').innerText()).toMatch(/^In our vault since /);
    await m.getByText(/holds this card for you alone for 15 minutes/).waitFor();
    await expectNoSeriousA11yViolations(m);

    await m.getByRole('button', { name: 'Buy' }).click();
    await m.waitForURL('**/checkout?invoice=*');
    // The watcher sees the hold without a reload.
    await watched.getByText('Reserved').waitFor({ timeout: 10_000 });

    // Back on the listing, the hold counts down; the buyer goes on to pay.
    await m.goBack();
    await m.getByTestId('my-reservation').waitFor();
    expect(await m.getByTestId('reservation-countdown').innerText()).toMatch(/^1[45]:\d\d$/);
    await m.getByRole('link', { name: 'Continue to checkout' }).click();
    await m.waitForURL('**/checkout?invoice=*');
    await m.getByRole('button', { name: /^Pay \$/ }).click();
    await m.waitForURL('**/payment-test?session=*');
    await m.getByRole('button', { name: 'Complete payment' }).click();
    await m.waitForURL('**/payment-success?session_id=*');

    // Sold: gone from the other member's open gallery, no reload.
    await watched.waitFor({ state: 'detached', timeout: 10_000 });

    // The card is the buyer's now, with the sale in its provenance.
    await m.goto(server.url + '/registry');
    await m.getByTestId('registry-card').filter({ hasText: 'Connor McDavid' }).getByRole('link').click();
    await m.waitForURL(/\/registry\/[0-9a-f-]{36}$/);
    const timeline = m.getByTestId('provenance');
    // Told from the buyer's side (issue 32), not "Sold · <buyer>".
    await timeline.getByText(/^Bought by you from (the house|a member)$/).waitFor();
    await timeline.getByText('Transferred', { exact: true }).waitFor();

    // And it is listed under Bought on /sales.
    await m.goto(server.url + '/sales');
    await m.getByTestId('sale-bought').filter({ hasText: 'Connor McDavid' }).first().waitFor();
  }, 240_000);
});
