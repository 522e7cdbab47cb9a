import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.1 A and AA: what the pages are held to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

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
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  if (opts.disableRules?.length) builder = builder.disableRules(opts.disableRules);
  const results = await builder.analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  if (!blocking.length) return;
  const lines = blocking.map((v) => {
    const where = v.nodes
      .slice(0, 5)
      .map((n) => `      ${n.target.join(' ')}${n.failureSummary ? `\n        ${n.failureSummary.replace(/\n/g, '\n        ')}` : ''}`)
      .join('\n');
    const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
    return `  - [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${where}${more}`;
  });
  throw new Error(`Accessibility: ${blocking.length} serious or critical violation(s) on ${page.url()}\n${lines.join('\n')}`);
}
