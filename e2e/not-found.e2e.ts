import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { LOAD_ERROR_DESCRIPTION } from '../src/web/components/load-error.tsx';
import { newPage } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog } from './support/auth.ts';
import { startStack, stopStack } from './support/stack.ts';

// Ids that name nothing: well-formed, so each page reaches the server and hears 404.
const NOBODY = '00000000-0000-4000-8000-000000000000';

describe.skipIf(inject('skipBrowser'))('not found, signed in, in Chromium', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
  });
  afterAll(async () => stopStack({ tw, server, browser }));

  async function expectNotFound(page: Page, path: string) {
    await page.goto(server.url + path);
    await page.getByTestId('not-found').waitFor({ timeout: 15_000 });
    expect(await page.getByText(LOAD_ERROR_DESCRIPTION).count(), path).toBe(0);
  }

  it('a member opening an unknown listing, card, fund or invoice sees not found, never a server error', async () => {
    const { page } = await newPage(browser);
    await page.goto(server.url + '/');
    await signInThroughDialog(page, tw, demo.member);
    for (const path of [`/secure/${NOBODY}`, `/registry/${NOBODY}`, `/funds/${NOBODY}`, `/checkout?invoice=${NOBODY}`]) {
      await expectNotFound(page, path);
    }
  });

  it("an admin opening an unknown invoice or a manager's unknown client sees not found", async () => {
    const { page } = await newPage(browser);
    await page.goto(server.url + '/');
    await signInThroughDialog(page, tw, demo.admin);
    for (const path of [`/admin/edit-invoice/${NOBODY}`, `/manager/clients/${NOBODY}`]) await expectNotFound(page, path);
  });
});
