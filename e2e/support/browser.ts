import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps dialling out on a closed network.
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  // Playwright gives every launch a fresh temporary profile.
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** A page that records console errors and failed requests, so a test can assert there were none. */
export async function newPage(browser: Browser, viewport: { width: number; height: number } = viewports.desktop) {
  const context: BrowserContext = await browser.newContext({ viewport });
  // A Content-Security-Policy violation (e.g. a library probing eval) counts as an error too.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    // A failed resource names itself only through its location, so keep the URL with the text.
    if (m.type() === 'error') errors.push(m.location().url ? `${m.text()} at ${m.location().url}` : m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}
