// Screenshots of pages at desktop and phone widths, for looking at what we built.
// Usage: npm run screenshots -- http://127.0.0.1:5000 / /terms /nope   (PNGs go to ./screenshots/)
import { mkdirSync } from 'node:fs';
import { launchBrowser, viewports } from '../e2e/support/browser.ts';

const [base = 'http://127.0.0.1:5000', ...paths] = process.argv.slice(2);
const out = 'screenshots';
mkdirSync(out, { recursive: true });
const browser = await launchBrowser();
for (const path of paths.length ? paths : ['/']) {
  for (const [name, viewport] of Object.entries(viewports)) {
    const page = await browser.newPage({ viewport });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const file = `${out}/${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${name}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    await page.close();
  }
}
await browser.close();
