import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FakeTwilio } from '../src/server/test/fake-twilio.ts';
import { newPage, viewports } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { demo, signInThroughDialog, toastText } from './support/auth.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { startStack, stopStack } from './support/stack.ts';

const NEW_CLAUSE = 'Consignment fees are shown before every sale.';

describe.skipIf(inject('skipBrowser'))("the admin's desk in Chromium", () => {
  let tw: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ tw, server, browser } = await startStack());
  }, 300_000);
  afterAll(async () => {
    await stopStack({ tw, server, browser });
  });

  it('an admin edits the terms beside the preview and publishes version 2', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(server.url + '/');
    await signInThroughDialog(page, tw, demo.admin);
    await page.goto(server.url + '/admin/legal-pages');
    await page.getByRole('heading', { name: 'Legal Pages' }).waitFor();
    const text = page.getByLabel('Text (Markdown)');
    await expect.poll(() => text.inputValue()).toMatch(/\S/);
    const preview = page.getByRole('region', { name: 'Preview' });

    // An empty text is refused beside the field, and nothing else is lost.
    const original = await text.inputValue();
    await text.fill('   ');
    await page.getByRole('button', { name: 'Publish…' }).click();
    await page.getByText('Write the document before saving').waitFor();

    await text.fill(`${original}\n\n## Fees\n\n${NEW_CLAUSE}\n`);
    await preview.getByText(NEW_CLAUSE).waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    // A live toast (the demo's overdue invoice) can come first: wait for this one.
    await expect.poll(() => toastText(page)).toContain('Draft saved');

    await page.getByRole('button', { name: 'Publish…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('What changed (optional)').fill('A section on fees');
    await dialog.getByRole('button', { name: 'Publish version 2' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Version 2 in force since').waitFor();

    // The history compares the two versions.
    const changes = page.getByRole('region', { name: 'Changes from version 1 to version 2' });
    await changes.getByText(NEW_CLAUSE).waitFor();
    await expectNoSeriousA11yViolations(page);

    // The public page shows the new version.
    await page.goto(server.url + '/terms');
    await page.getByText('Version 2').waitFor();
    await page.getByRole('article').getByText(NEW_CLAUSE).waitFor();
    await context.close();
  }, 240_000);

  it('a member is asked to accept the new terms at the next sign-in, and is not asked again', async () => {
    const { page, context, errors } = await newPage(browser, viewports.phone);
    await page.goto(server.url + '/');
    await signInThroughDialog(page, tw, demo.member, { mobile: true });
    const prompt = page.getByRole('dialog', { name: 'Our Terms of Use have changed' });
    await prompt.waitFor();
    await prompt.getByText('A section on fees').waitFor();
    await prompt.getByRole('region', { name: 'Terms of Use' }).getByText(NEW_CLAUSE).waitFor();
    const accept = prompt.getByRole('button', { name: 'Accept and continue' });
    expect(await accept.isDisabled()).toBe(true);
    await prompt.getByLabel(/I have read and accept the Terms of Use, version 2/).click();
    await accept.click();
    await prompt.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: /^Welcome( back)?, Casey$/ }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
