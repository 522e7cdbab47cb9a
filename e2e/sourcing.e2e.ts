import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { liveOpen } from './support/live.ts';
import { newPage } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog, toastText } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

const TITLE = '2013 Panini Prizm Giannis Antetokounmpo';

describe.skipIf(inject('skipBrowser'))('hunts and sources in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  let requester: Awaited<ReturnType<typeof newPage>>;
  let responder: Awaited<ReturnType<typeof newPage>>;
  let admin: Awaited<ReturnType<typeof newPage>>;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
    requester = await newPage(browser);
    responder = await newPage(browser);
    admin = await newPage(browser);
    for (const [p, who] of [
      [requester, demo.member],
      [responder, demo.other],
      [admin, demo.admin],
    ] as const) {
      await p.page.goto(server.url + '/');
      await signInThroughDialog(p.page, tw, who);
    }
  });
  afterAll(async () => {
    await stopStack({ tw, server, browser });
  });

  it('A posts a hunt, the admin approves it, B sees it appear live and offers a card, A hears it is fulfilled', async () => {
    // A: the form checks as you type and previews the board card.
    const a = requester.page;
    await a.goto(server.url + '/source/post');
    await a.getByLabel('Player').fill('Giannis Antetokounmpo');
    await a.getByLabel('Sport').selectOption('basketball');
    await a.getByLabel('Year').fill('2013');
    await a.getByLabel('Set').fill('Panini Prizm');
    await a.getByLabel('Minimum grade').fill('9');
    await a.getByLabel('Maximum budget (USD)').fill('0');
    await a.getByLabel('Maximum budget (USD)').blur();
    await a.getByText('Enter a budget greater than $0').waitFor();
    await a.getByLabel('Maximum budget (USD)').fill('2,500');
    await a.getByText('Shown on the board as $1,000 – $5,000').waitFor();
    const preview = a.getByRole('complementary', { name: 'Preview' });
    await preview.getByRole('heading', { name: TITLE }).waitFor();
    expect(await preview.innerText()).toContain('Any grader, 9+');
    await expectNoSeriousA11yViolations(a);
    await a.getByRole('button', { name: 'Post hunt' }).click();
    await a.waitForURL('**/source?tab=hunts');
    const mine = a.locator('li', { hasText: TITLE });
    await mine.getByText('Pending review').first().waitFor();

    // B watches the board: not there yet.
    const b = responder.page;
    await b.goto(server.url + '/source');
    await liveOpen(b);
    await b.getByRole('list', { name: 'Active hunts' }).waitFor();
    expect(await b.getByRole('article', { name: TITLE }).count()).toBe(0);

    // The admin approves it from the queue.
    const adm = admin.page;
    await adm.goto(server.url + '/admin/sources?tab=hunts&status=pending');
    await adm.getByRole('button', { name: new RegExp(TITLE) }).click();
    const detail = adm.getByRole('region', { name: 'Detail' });
    await detail.getByText(demo.member.name, { exact: false }).waitFor();
    await detail.getByLabel('Note (sent with the action)').fill('Clear request');
    await detail.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toastText(a)).toContain('Hunt Request Updated');

    // B sees it arrive without reloading, anonymous and with a budget band, and offers a card.
    const card = b.getByRole('article', { name: TITLE });
    await card.waitFor({ timeout: 15_000 });
    const text = await card.innerText();
    expect(text).toContain('$1,000 – $5,000');
    expect(text).not.toContain(demo.member.name);
    expect(text).not.toContain('2,500');
    await card.getByRole('button', { name: 'I have this card' }).click();
    const dialog = b.getByRole('dialog');
    await dialog.getByLabel('Card').selectOption({ index: 1 });
    await dialog.getByLabel('Asking price (USD)').fill('2,300');
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await expect.poll(() => toastText(b)).toContain('Offer sent');
    await card.getByText('Offer sent').waitFor();

    // The admin approves the offer, then marks it fulfilled.
    await adm.goto(server.url + '/admin/sources?tab=offers&status=pending');
    await adm.getByRole('button', { name: new RegExp(`For ${TITLE}`) }).click();
    await detail.getByText(demo.other.name, { exact: false }).waitFor();
    await detail.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toastText(b)).toContain('Source Request Approved');
    await adm.goto(server.url + '/admin/sources?tab=offers&status=active');
    await adm.getByRole('button', { name: new RegExp(`For ${TITLE}`) }).click();
    await detail.getByRole('button', { name: 'Mark fulfilled' }).click();

    await expect.poll(() => toastText(a), { timeout: 15_000 }).toContain('Hunt Request Updated');
    await expect.poll(() => toastText(a)).toContain('fulfilled');
    // A's list now names the responder, approved by the team.
    await mine.getByText('Fulfilled').first().waitFor();
    await mine.getByText(demo.other.name).waitFor();
    expect(requester.errors).toEqual([]);
    expect(responder.errors).toEqual([]);
  });
});
