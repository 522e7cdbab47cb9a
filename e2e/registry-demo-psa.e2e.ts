import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { newPage } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog, toastText } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

// One of the demo's sample certificates nobody holds (src/server/db/seed/demo-cards.ts).
const PETTERSSON = '80412281';

describe.skipIf(inject('skipBrowser'))('adding a card by number in the demo, without a PSA token', () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // No PSA_API_TOKEN, the demo seed on: the sample certificates answer.
    ({ tw, server, browser } = await startStack({ SEED_DEMO: 'true', PSA_API_TOKEN: '' }));
  });
  afterAll(async () => {
    await stopStack({ tw, server, browser });
  });

  it('a newcomer looks up a sample certificate, sees it marked as demo data, and adds the slab', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(server.url + '/');
    await signInThroughDialog(page, tw, demo.member);
    await page.getByRole('banner').getByRole('link', { name: 'Registry' }).click();
    await page.waitForURL('**/registry');
    await page.getByTestId('registry-total').waitFor();

    await page.getByRole('button', { name: 'Add card' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('PSA certificate number').fill(PETTERSSON);
    await dialog.getByRole('button', { name: 'Look up' }).click();
    await expect.poll(() => dialog.getByLabel('Player').inputValue()).toBe('Elias Pettersson');
    expect(await dialog.getByLabel('Set').inputValue()).toBe('Upper Deck');
    await dialog.getByTestId('psa-demo-cert').getByText('Demo certificate').waitFor();
    await dialog.getByText('Filled in from the demo’s sample certificate.', { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByLabel('Estimated value (USD)').fill('350');
    await dialog.getByRole('button', { name: 'Add to registry' }).click();
    await expect.poll(() => toastText(page)).toContain('Card added');
    const tile = page.getByTestId('registry-card').filter({ hasText: 'Elias Pettersson' });
    await tile.getByRole('link', { name: 'Elias Pettersson' }).click();
    await page.waitForURL(/\/registry\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: /Upper Deck Elias Pettersson/ }).waitFor();
    expect(errors).toEqual([]);
  }, 180_000);
});
