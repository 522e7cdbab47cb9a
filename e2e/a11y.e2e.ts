import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';

/** The check the other specs call at every page they visit must be able to fail. */
describe.skipIf(inject('skipBrowser'))('accessibility check', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('fails on serious or critical violations with a readable list, and passes a clean page', async () => {
    const { page, context } = await newPage(browser);
    await page.setContent(
      '<html lang="en"><head><title>Bad</title></head><body><main><img src="data:image/png;base64,iVBORw0KGgo="><button></button></main></body></html>',
    );
    const err = await expectNoSeriousA11yViolations(page).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/\[critical\] (image-alt|button-name)/);
    expect(err?.message).toMatch(/https:\/\/dequeuniversity\.com\/rules\/axe\//);

    await page.setContent('<html lang="en"><head><title>Good</title></head><body><main><h1>Fine</h1><button>Go</button></main></body></html>');
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  it('still checks an open toast, held open while it is scanned', async () => {
    const { page, context } = await newPage(browser);
    await page.setContent(
      '<html lang="en"><head><title>Toast</title></head><body><main><h1>Fine</h1></main>' +
        '<ol data-slot="toast-viewport"><li data-slot="toast" data-state="open" style="background:#fff;color:#eee;padding:16px">Faint words</li></ol></body></html>',
    );
    const err = await expectNoSeriousA11yViolations(page).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/color-contrast/);
    await context.close();
  });
});
