import type { Page } from 'playwright-core';

/**
 * Waits until the page's live connection is open (its status dot says so). On a timeout the error
 * names the state every dot was in, so a failure says whether the socket never opened, is
 * reconnecting, or gave up.
 */
export async function liveOpen(page: Page, timeout = 30_000) {
  try {
    await page.locator('[data-live-state="open"]').first().waitFor({ state: 'attached', timeout });
  } catch (err) {
    const states = await page
      .locator('[data-live-state]')
      .evaluateAll((dots) => dots.map((d) => d.getAttribute('data-live-state')))
      .catch(() => []);
    throw new Error(`live connection not open on ${page.url()} (dots: ${states.join(', ') || 'none'})`, { cause: err });
  }
}
