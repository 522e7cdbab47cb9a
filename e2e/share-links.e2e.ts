import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { newPage } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog, toastText } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

describe.skipIf(inject('skipBrowser'))('shared card links in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  let member: Awaited<ReturnType<typeof newPage>>;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
    member = await newPage(browser);
    await member.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await member.page.goto(server.url + '/');
    await signInThroughDialog(member.page, tw, demo.member);
  });
  afterAll(async () => {
    await stopStack({ tw, server, browser });
  });

  it('the owner shares a card; a stranger sees it with preview tags; once revoked the page is not found', async () => {
    const { page, errors } = member;
    await page.goto(`${server.url}/registry`);
    const tile = page.getByTestId('registry-card').first();
    await tile.waitFor();
    await tile.getByRole('link').first().click();
    await page.waitForURL(/\/registry\/[0-9a-f-]{36}$/);
    const title = (await page.getByRole('heading', { level: 1 }).innerText()).trim();

    await page.getByRole('link', { name: 'Share' }).click();
    await page.waitForURL(/\/share\/[0-9a-f-]{36}$/);
    await page.getByLabel('Label').fill('For the browser test');
    await page.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => toastText(page)).toContain('Share link created');
    const row = page.getByTestId('share-link-row').filter({ hasText: 'For the browser test' });
    await row.waitFor();
    await expectNoSeriousA11yViolations(page);
    await row.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => toastText(page)).toContain('Link copied');
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(/\/shared\/[A-Za-z0-9_-]{22}$/);
    const path = new URL(url).pathname;

    // A fresh browser with no session at all.
    const stranger = await newPage(browser);
    // The page comes with the card and still asks the API once: that call records the view.
    const cardCalls: string[] = [];
    stranger.page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/api${path}`) cardCalls.push(r.url());
    });
    const res = await stranger.page.goto(server.url + path);
    expect(res?.status()).toBe(200);
    const html = await res!.text();
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta property="og:image:height" content="630" />');
    const ogImage = (await stranger.page.locator('meta[property="og:image"]').getAttribute('content')) ?? '';
    expect(ogImage).toMatch(new RegExp(`/api/shared/[A-Za-z0-9_-]{22}/og\\.png\\?v=`));
    const preview = await stranger.context.request.get(new URL(new URL(ogImage).pathname + new URL(ogImage).search, server.url).href);
    expect(preview.status()).toBe(200);
    expect(preview.headers()['content-type']).toBe('image/png');
    expect((await preview.body()).subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(await stranger.page.locator('meta[property="og:title"]').getAttribute('content')).toContain(title.split(' ').at(-1));
    await stranger.page.getByRole('heading', { level: 1 }).waitFor();
    // The demo cards have no photos: the page shows the slab drawn from the card, named for a screen reader.
    const drawn = stranger.page.locator('[data-slab-image="front"]');
    expect(await drawn.getAttribute('role')).toBe('img');
    const named = (await drawn.getAttribute('aria-label')) ?? '';
    expect(named).toContain(title);
    expect(named).toMatch(/^(PSA|BGS|SGC|CGC) \S+ .+, cert \d+$/);
    expect(await stranger.page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    const body = await stranger.page.locator('body').innerText();
    expect(body).not.toMatch(/\$\s?\d/);
    expect(body).not.toContain('Casey Collector');
    await expectNoSeriousA11yViolations(stranger.page);
    await expect.poll(() => cardCalls.length).toBe(1);
    expect(html).toContain('id="page-shared-card"');
    await stranger.page.getByRole('button', { name: 'Request private access' }).click();
    await stranger.page.getByRole('dialog').getByRole('button', { name: 'REQUEST ACCESS' }).waitFor();
    await stranger.page.keyboard.press('Escape');

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke link' }).click();
    await expect.poll(() => toastText(page)).toContain('Share link revoked');
    await row.getByText('Revoked', { exact: true }).waitFor();

    expect((await stranger.context.request.get(new URL(new URL(ogImage).pathname, server.url).href)).status()).toBe(404);
    const after = await stranger.page.goto(server.url + path);
    expect(await after!.text()).not.toContain('og:title');
    await stranger.page.getByRole('heading', { name: 'This link is not available' }).waitFor();
    expect(await stranger.page.locator('body').innerText()).not.toContain(title);
    expect(errors).toEqual([]);
    // The not-found answer from the API is the only console error the stranger's page may show.
    expect(stranger.errors.filter((e) => !/404/.test(e))).toEqual([]);
    await stranger.context.close();
  });

  it('an admin reads Share Analytics with the seeded views', async () => {
    const admin = await newPage(browser);
    await admin.page.goto(server.url + '/');
    await signInThroughDialog(admin.page, tw, demo.admin);
    await admin.page.goto(`${server.url}/admin/share-analytics`);
    await admin.page.getByRole('heading', { name: 'Share Analytics' }).waitFor();
    await admin.page.getByRole('table', { name: 'Top cards' }).waitFor();
    await admin.page.getByRole('table', { name: 'Top referrers' }).getByText('instagram.com').waitFor();
    await admin.page.getByTestId('views-chart').locator('svg').first().waitFor();
    await admin.page.getByRole('link', { name: 'Share Analytics' }).waitFor();
    await expectNoSeriousA11yViolations(admin.page);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
