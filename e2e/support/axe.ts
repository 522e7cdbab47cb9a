import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.1 A and AA: what the pages are held to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Known violations waiting for a fix in the component that has them. They are printed on every
 * run but do not fail it, so any other violation still does. Remove an entry once it is fixed;
 * never add one without saying what is wrong and where.
 */
const KNOWN: Array<{ rule: string; html: RegExp; issue: string }> = [];

const TOAST_VIEWPORT = '[data-slot="toast-viewport"]';

export interface A11yOptions {
  /** CSS selectors left out of the scan (say why where you call it). */
  exclude?: string[];
  /** Rule ids to skip (say why where you call it). */
  disableRules?: string[];
}

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation, with a list
 * a person can act on: rule, impact, what is wrong, where (selectors) and the help link. Call it
 * once the page has settled (content visible, dialogs open or closed as intended).
 */
export async function expectNoSeriousA11yViolations(page: Page, opts: A11yOptions = {}) {
  // An open toast is held open by the pointer (Radix pauses its timer), as a person reading it
  // would, so it cannot start fading out mid-scan and read as faint text; one already leaving is
  // left out.
  const held = await holdOpenToast(page);
  let results;
  try {
    await settleAnimations(page);
    let builder = new AxeBuilder({ page }).withTags(TAGS).exclude(`${TOAST_VIEWPORT} [data-state="closed"]`);
    for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
    if (opts.disableRules?.length) builder = builder.disableRules(opts.disableRules);
    results = await builder.analyze();
  } finally {
    if (held) await page.mouse.move(0, 0);
  }
  const blocking: typeof results.violations = [];
  for (const v of results.violations.filter((v) => BLOCKING.has(v.impact ?? ''))) {
    const nodes = v.nodes.filter((n) => {
      const known = KNOWN.find((k) => k.rule === v.id && k.html.test(n.html));
      if (known) console.warn(`!! known accessibility issue (not failing), ${v.id}: ${known.issue}`);
      return !known;
    });
    if (nodes.length) blocking.push({ ...v, nodes });
  }
  if (!blocking.length) return;
  const lines = blocking.map((v) => {
    const where = v.nodes
      .slice(0, 5)
      .map(
        (n) =>
          `      ${n.target.join(' ')}  ${n.html.replace(/\s+/g, ' ').slice(0, 200)}${n.failureSummary ? `\n        ${n.failureSummary.replace(/\n/g, '\n        ')}` : ''}`,
      )
      .join('\n');
    const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
    return `  - [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${where}${more}`;
  });
  throw new Error(`Accessibility: ${blocking.length} serious or critical violation(s) on ${page.url()}\n${lines.join('\n')}`);
}

/** Waits for finite animations (a toast or dialog still fading in) so contrast is measured as painted. */
async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Hovers the first open toast, if any; true when it did. */
async function holdOpenToast(page: Page): Promise<boolean> {
  const open = page.locator(`${TOAST_VIEWPORT} [data-slot="toast"][data-state="open"]`).first();
  if (!(await open.count())) return false;
  const box = await open.boundingBox().catch(() => null);
  if (!box) return false;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  return true;
}
