import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, viewports } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';

describe.skipIf(inject('skipBrowser'))('foundation in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders the landing page with no console errors', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(server.url + '/');
    await expect.poll(() => page.locator('main h1').count()).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a legal page with its seeded text', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(server.url + '/terms');
    await page
      .getByRole('heading', { level: 1, name: /Terms of Use/i })
      .first()
      .waitFor();
    await page
      .locator('main')
      .getByText(/arbitration/i)
      .first()
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(await page.locator('main').innerText()).toMatch(/arbitration/i);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the not-found page for an unknown route', async () => {
    const { page, context } = await newPage(browser);
    const res = await page.goto(server.url + '/no/such/page');
    expect(res?.status()).toBe(404);
    await page.getByText('Error 404').waitFor();
    await page.getByRole('link', { name: /back to home/i }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  it('opens the mobile menu at 390 px', async () => {
    const { page, context } = await newPage(browser, viewports.phone);
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('link').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('records a page view for every path change, the first one before the page has even loaded', async () => {
    const { page, context } = await newPage(browser);
    const sent: string[] = [];
    const answered: { path: string; status: number }[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/analytics/page-view')) sent.push(JSON.parse(req.postData() ?? '{}').path);
    });
    page.on('response', (res) => {
      if (res.url().endsWith('/api/analytics/page-view')) {
        answered.push({ path: JSON.parse(res.request().postData() ?? '{}').path, status: res.status() });
      }
    });
    // The promise (decision 126): the first view leaves as the page's script runs, before
    // DOMContentLoaded, so a visitor who leaves within a second is still counted.
    await page.goto(server.url + '/', { waitUntil: 'domcontentloaded' });
    expect(sent).toEqual(['/']);
    await page
      .locator('footer')
      .getByRole('link', { name: /privacy/i })
      .first()
      .click();
    await expect.poll(() => sent).toEqual(['/', '/privacy']);
    // How fast the server answers is not the promise; that each view is accepted is.
    await expect.poll(() => answered.length).toBe(2);
    expect(answered.every((v) => v.status === 204)).toBe(true);
    await context.close();
  });
});
