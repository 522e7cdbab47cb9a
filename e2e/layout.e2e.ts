import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { newPage, viewports } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog } from './support/auth.ts';
import { startStack, stopStack } from './support/stack.ts';

describe.skipIf(inject('skipBrowser'))('staff layout fits the screen in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof newPage>>;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
    admin = await newPage(browser, viewports.desktop);
    await admin.page.goto(server.url + '/');
    await signInThroughDialog(admin.page, tw, demo.admin);
  });
  afterAll(() => stopStack({ tw, server, browser }));

  it('at 1280 px the User Access table shows its whole Actions column', async () => {
    const { page, errors } = admin;
    await page.goto(server.url + '/admin/user-access');
    const header = page.getByRole('columnheader', { name: 'Actions' });
    await header.waitFor();
    const lastButton = page.getByRole('button', { name: /^Impersonate / }).first();
    for (const el of [header, lastButton]) {
      const box = await el.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewports.desktop.width);
    }
    // Nothing clips it either: the button is not hidden behind the table's own overflow.
    const clipped = await lastButton.evaluate((btn) => {
      const b = btn.getBoundingClientRect();
      for (let el = btn.parentElement; el; el = el.parentElement) {
        const s = getComputedStyle(el);
        if (s.overflowX === 'visible') continue;
        const r = el.getBoundingClientRect();
        if (b.right > r.right + 0.5 || b.left < r.left - 0.5) return true;
      }
      return false;
    });
    expect(clipped).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.desktop.width);
    expect(errors).toEqual([]);
  });

  it('at 390 px the admin menu close button does not cover the live-status dot', async () => {
    // The same signed-in admin, on a phone-sized window (a second sign-in would hit the code cooldown).
    const { page, context, errors } = admin;
    await page.setViewportSize(viewports.phone);
    await page.goto(server.url + '/admin/user-access');
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    const sheet = page.getByRole('dialog');
    const close = sheet.getByRole('button', { name: 'Close menu' });
    const dot = sheet.locator('[data-live-state]');
    await close.waitFor();
    await dot.waitFor();
    // Let the slide-in finish before measuring.
    await page.waitForTimeout(600);
    const a = (await close.boundingBox())!;
    const b = (await dot.boundingBox())!;
    const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps).toBe(false);
    expect(b.width).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
