import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { verifyMessages } from '../src/common/verify.ts';
import { newPage, viewports } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

describe.skipIf(inject('skipBrowser'))('public certificate check in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
  });
  afterAll(async () => stopStack({ tw, server, browser }));

  it('a visitor finds it in the footer, checks a vaulted demo slab and a number we do not hold, by keyboard, on a desktop', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(server.url + '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Verify a certificate' }).click();
    await page.waitForURL('**/verify');
    await page.getByRole('heading', { name: 'Verify a certificate' }).waitFor();

    await page.getByLabel('Certificate number').fill('25531870');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /^In our vault since / }).waitFor();
    const result = page.getByTestId('verify-result');
    expect(await result.innerText()).toMatch(/1986 Fleer Michael Jordan #57/);
    expect(await result.innerText()).toContain('MINT 9');
    expect(page.url()).toContain('/verify?grader=PSA&cert=25531870');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Grading company').selectOption('SGC');
    await page.getByLabel('Certificate number').fill('25531870');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('heading', { name: verifyMessages.notHeld }).waitFor();
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
  });

  it('fits a phone, and a shared address answers at once', async () => {
    const { page } = await newPage(browser, viewports.phone);
    await page.goto(server.url + '/verify?grader=PSA&cert=25531870');
    await page.getByRole('heading', { name: /^In our vault since / }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });
});
