import { describe, expect, it } from 'vitest';
import { aumAxis, compactMoney } from './dashboard-charts.tsx';

// Issue 32 (finding 10): the AUM axis shows its "$" and starts at zero, so a small move looks small.
describe('the AUM chart axis', () => {
  it('starts at zero', () => {
    expect(aumAxis.domain[0]).toBe(0);
  });

  it('is wide enough for its longest label at 12 px (about 7 px a character, plus the tick)', () => {
    const label = compactMoney(39_420_000);
    expect(label).toBe('$394.2K');
    expect(aumAxis.width).toBeGreaterThanOrEqual(label.length * 7 + 10);
  });
});
