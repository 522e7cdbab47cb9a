import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { newPage, viewports } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog, toastText } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

// Casey Collector's 2009 Topps Chrome Stephen Curry (src/server/db/seed/demo-cards.ts); PSA's answer is cached by the seed.
const CURRY = '61873204';

const photo = async (hue: number) =>
  sharp({ create: { width: 300, height: 480, channels: 3, background: { r: hue, g: 40, b: 60 } } })
    .jpeg()
    .toBuffer();

describe.skipIf(inject('skipBrowser'))('certificate claims in Chromium', () => {
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
    await signInThroughDialog(member.page, tw, demo.other);
    // The member's half runs at phone width (signing in is done from the desktop header).
    await member.page.setViewportSize(viewports.phone);
    await admin.page.goto(server.url + '/');
    await signInThroughDialog(admin.page, tw, demo.admin);
  });
  afterAll(async () => {
    await stopStack({ tw, server, browser });
  });

  it('a member adding a certificate someone else registered claims it with photos; the admin rejects with a reason; the member reads it', async () => {
    const { page, errors } = member;
    await page.goto(server.url + '/registry');
    await page.getByRole('button', { name: 'Add card' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('PSA certificate number').fill(CURRY);
    await dialog.getByRole('button', { name: 'Look up' }).click();
    await expect.poll(() => dialog.getByLabel('Certificate number').inputValue()).toBe(CURRY);
    await dialog.getByLabel('Estimated value (USD)').fill('20,000');
    await dialog.getByRole('button', { name: 'Add to registry' }).click();

    // Not a bare refusal: the answer says whose it is not, and offers the claim.
    const taken = dialog.getByTestId('cert-taken');
    await taken.waitFor();
    expect(await taken.innerText()).toContain('registered by another member');
    expect(await taken.innerText()).not.toContain('Casey');
    await expectNoSeriousA11yViolations(page);
    await taken.getByRole('link', { name: 'Claim this certificate' }).click();
    await page.waitForURL(`**/registry/claims/new?grader=PSA&cert=${CURRY}`);
    await page.getByRole('heading', { level: 1, name: 'Claim this certificate' }).waitFor();
    expect(await page.getByLabel('Certificate number').inputValue()).toBe(CURRY);

    // Sending without photos names what is missing, on the page.
    await page.getByRole('button', { name: 'Send claim' }).click();
    await page.getByText("Add a photo of the slab's front").waitFor();
    // A file that is not a JPEG or PNG is refused before anything is sent.
    await page
      .getByTestId('claim-photo-front-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await page.getByText('Photos must be JPEG or PNG images').waitFor();
    await page.getByTestId('claim-photo-front-input').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo(200) });
    await page.getByTestId('claim-photo-back-input').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await photo(90) });
    await page.getByLabel(/How did the slab come to you/).fill('Won it at auction in March');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Send claim' }).click();
    await expect.poll(() => toastText(page)).toContain('Claim sent');
    await page.waitForURL('**/registry/claims');
    const mine = page.getByTestId('my-claim').filter({ hasText: CURRY });
    await mine.waitFor();
    expect(await mine.innerText()).toContain('Under review');
    await expect.poll(() => mine.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0))).toBe(true);

    // The admin's queue shows both photos, and a rejection needs its reason.
    const a = admin.page;
    await a.goto(server.url + '/admin');
    await a.getByRole('navigation').getByRole('link', { name: 'Certificate Claims' }).click();
    await a.waitForURL('**/admin/cert-claims');
    const card = a.getByTestId('cert-claim-card').filter({ hasText: CURRY });
    await card.waitFor();
    expect(await card.innerText()).toContain('Jordan Reyes');
    expect(await card.innerText()).toContain('Casey Collector');
    await expect.poll(() => card.locator('img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(2);
    await expectNoSeriousA11yViolations(a);
    await card.getByRole('button', { name: /^Reject the claim of Jordan Reyes/ }).click();
    const decide = a.getByRole('dialog');
    await decide.getByRole('button', { name: 'Reject', exact: true }).click();
    await decide.getByText('Give a reason so the member knows why').waitFor();
    await decide.getByLabel('Reason').fill('The label in the photos is not this certificate');
    await decide.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect.poll(() => toastText(a)).toContain('Claim rejected');
    await card.waitFor({ state: 'detached' });

    // The member sees the outcome and the reason.
    await page.reload();
    const decided = page.getByTestId('my-claim').filter({ hasText: CURRY });
    await decided.getByText('Rejected', { exact: true }).waitFor();
    expect(await decided.innerText()).toContain('The label in the photos is not this certificate');
    // The one expected failure: the 409 that carried the offer to claim.
    expect(errors.filter((e) => !/status of 409 \(Conflict\) at http:\/\/[^/]+\/api\/cards$/.test(e))).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
