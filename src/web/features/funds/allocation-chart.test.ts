import { describe, expect, it } from 'vitest';
import { LABEL_INK, LABEL_WIDTH } from './allocation-chart.tsx';

/** WCAG contrast ratio of a #rrggbb colour on white. */
function contrastOnWhite(hex: string): number {
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = [1, 3, 5].map((i) => lin(parseInt(hex.slice(i, i + 2), 16) / 255));
  const l = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return 1.05 / (l + 0.05);
}

// Issue 32 (finding 10): the "By grade" labels are readable and stay on one line.
describe('allocation chart labels', () => {
  it('read at WCAG AA on white', () => {
    expect(contrastOnWhite(LABEL_INK)).toBeGreaterThanOrEqual(4.5);
  });

  it('have room for the longest grade label ("SGC Ungraded") on one line at 12 px', () => {
    expect(LABEL_WIDTH).toBeGreaterThanOrEqual('SGC Ungraded'.length * 7 + 16);
  });
});
