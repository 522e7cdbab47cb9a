import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { startFakePsa, type FakePsa } from '../src/server/test/fake-psa.ts';
import { liveOpen } from './support/live.ts';
import { newPage, viewports } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog, toastText } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

// Certificates the fake PSA knows and the demo seed does not hold (src/server/db/seed/demo-cards.ts).
const DUNCAN = '80412277';
const HERBERT = '80412276';
const BRETT = '80412278';

describe.skipIf(inject('skipBrowser'))('card registry in Chromium', () => {
  let psa: FakePsa;
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  let member: Awaited<ReturnType<typeof newPage>>;
  let admin: Awaited<ReturnType<typeof newPage>>;

  beforeAll(async () => {
    psa = await startFakePsa();
    ({ tw, server, browser } = await startStack({ PSA_API_URL: psa.url, PSA_API_TOKEN: psa.token }));
    member = await newPage(browser);
    admin = await newPage(browser);
    await member.page.goto(server.url + '/');
    await signInThroughDialog(member.page, tw, demo.member);
    await admin.page.goto(server.url + '/');
    await signInThroughDialog(admin.page, tw, demo.admin);
  });
  afterAll(async () => {
    await stopStack({ tw, server, browser });
    await psa?.close();
  });

  it('a member adds a card by certificate, sees the new total, adds a photo, and watches an admin vault it live', async () => {
    const { page, errors } = member;
    await page.getByRole('banner').getByRole('link', { name: 'Registry' }).click();
    await page.waitForURL('**/registry');
    const total = page.getByTestId('registry-total');
    await total.waitFor();
    const before = { total: dollars(await total.innerText()), count: Number(await page.getByTestId('registry-count').innerText()) };
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Add card' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('PSA certificate number').fill(DUNCAN);
    await dialog.getByRole('button', { name: 'Look up' }).click();
    // PSA writes names in capitals; the form shows them in title case (the record keeps PSA's text).
    await expect.poll(() => dialog.getByLabel('Player').inputValue()).toBe('Tim Duncan');
    expect(await dialog.getByTestId('psa-demo-cert').count()).toBe(0);
    expect(await dialog.getByLabel('Certificate number').inputValue()).toBe(DUNCAN);
    expect(await dialog.getByLabel('Grade', { exact: true }).inputValue()).toBe('MINT 9');
    expect(psa.calls(DUNCAN)).toBe(1);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByLabel('Estimated value (USD)').fill('1,234');
    await dialog.getByRole('button', { name: 'Add to registry' }).click();
    await expect.poll(() => toastText(page)).toContain('Card added');

    await expect.poll(async () => dollars(await total.innerText())).toBe(before.total + 1234);
    expect(Number(await page.getByTestId('registry-count').innerText())).toBe(before.count + 1);
    // The server searches: the list narrows and the URL keeps it, the header still counts every card.
    await page.getByLabel('Search your cards by player, set or certificate').fill('duncan');
    await page.waitForURL('**/registry?q=duncan');
    await expect.poll(() => page.getByTestId('registry-card').count()).toBe(1);
    await page.getByText('1–1 of 1').waitFor();
    expect(Number(await page.getByTestId('registry-count').innerText())).toBe(before.count + 1);
    const tile = page.getByTestId('registry-card').filter({ hasText: 'Tim Duncan' });
    await tile.getByRole('link', { name: 'Tim Duncan' }).click();
    await page.waitForURL(/\/registry\/[0-9a-f-]{36}$/);
    const cardId = page.url().split('/').at(-1)!;
    await page.getByRole('heading', { level: 1, name: /Tim Duncan/ }).waitFor();
    await expectNoSeriousA11yViolations(page);

    const png = await sharp({ create: { width: 300, height: 468, channels: 3, background: '#2a3a55' } })
      .png()
      .toBuffer();
    await page.getByLabel('Front photo file').setInputFiles({ name: 'duncan-front.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Front of the card' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => (document.querySelector('img[alt="Front of the card"]') as HTMLImageElement | null)?.naturalWidth ?? 0))
      .toBeGreaterThan(0);
    await page.getByTestId('provenance').getByText('Front photo added').waitFor();
    await page.getByRole('button', { name: 'Replace front photo' }).waitFor();

    // The admin moves the card to the vault in another browser; the member's page is not reloaded.
    await liveOpen(page);
    let reloaded = false;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) reloaded = true;
    });
    await admin.page.goto(`${server.url}/admin/cards?q=Duncan`);
    const row = admin.page.getByTestId('admin-card-row').filter({ hasText: 'Tim Duncan' });
    await row.waitFor();
    await expectNoSeriousA11yViolations(admin.page);
    await row.getByRole('button', { name: /Change custody of .*Tim Duncan/ }).click();
    const custody = admin.page.getByRole('dialog');
    await custody.getByLabel(/In vault/).check();
    await custody.getByLabel('Note (optional)').fill('Received by courier, shelf B');
    await custody.getByRole('button', { name: 'Save custody' }).click();
    await expect.poll(() => toastText(admin.page)).toContain('Custody changed');
    await row.getByText('In vault').waitFor();

    const timeline = page.getByTestId('provenance');
    await timeline.getByText('With owner → In vault').waitFor({ timeout: 15_000 });
    await timeline.getByText('Received by courier, shelf B').waitFor();
    await timeline.getByText('PSA re-checked: matches').waitFor();
    await page.getByText('In the vault').first().waitFor();
    expect(reloaded).toBe(false);
    expect(page.url()).toBe(`${server.url}/registry/${cardId}`);
    expect(errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });

  it('an admin looks up pasted certificates in bulk and downloads the table as CSV', async () => {
    const { page, errors } = admin;
    await page.goto(`${server.url}/admin/bulk-psa-lookup`);
    await page.waitForURL('**/admin/psa-lookup');
    await page.getByLabel('Certificate numbers').fill(`${HERBERT}\n${BRETT}, 99999999\n${HERBERT}`);
    await page.getByText('3 certificates (1 repeated, dropped)').waitFor();
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText('3 looked up: 2 found, 1 without a record').waitFor();
    expect(await page.getByTestId('psa-row').count()).toBe(3);
    await page.getByTestId('psa-row').filter({ hasText: 'Justin Herbert' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^psa-lookup-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toMatch(/^Certificate,Status,Year,Set,Player/);
    expect(csv[1]).toMatch(new RegExp(`^${HERBERT},found,2020,PANINI PRIZM,JUSTIN HERBERT,325,`));
    expect(csv[2]).toMatch(new RegExp(`^${BRETT},found,1975,TOPPS,GEORGE BRETT,`));
    expect(csv[3]).toMatch(/^99999999,PSA has no certificate with that number,/);
    expect(errors).toEqual([]);
  });

  it('at 390 px the registry is one column and the admin list is stacked cards', async () => {
    const phone = await browser.newContext({ viewport: viewports.phone, storageState: await member.context.storageState() });
    const p = await phone.newPage();
    await p.goto(`${server.url}/registry`);
    const tiles = p.getByTestId('registry-card');
    await tiles.first().waitFor();
    const tracks = await p.getByRole('list', { name: 'Your cards' }).evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(' ').length);
    expect(tracks).toBe(1);
    expect((await tiles.first().boundingBox())!.width).toBeGreaterThan(300);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();

    const adminPhone = await browser.newContext({ viewport: viewports.phone, storageState: await admin.context.storageState() });
    const a = await adminPhone.newPage();
    await a.goto(`${server.url}/admin/cards`);
    await a.getByTestId('admin-card-card').first().waitFor();
    expect(await a.getByTestId('admin-card-row').first().isVisible()).toBe(false);
    expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await adminPhone.close();
  });
});
