import { describe, expect, it } from 'vitest';
import { diffMarkdown, foldUnchanged } from './legal-diff.ts';

describe('diffMarkdown', () => {
  it('numbers added, removed and unchanged lines on each side', () => {
    const d = diffMarkdown('# Terms\n\nFees are 5%.\n\nEnd.\n', '# Terms\n\nFees are 4%.\nNo hidden fees.\n\nEnd.\n');
    expect(d.added).toBe(2);
    expect(d.removed).toBe(1);
    expect(d.lines.filter((l) => l.kind === 'removed')).toEqual([{ kind: 'removed', text: 'Fees are 5%.', oldNo: 3 }]);
    expect(d.lines.filter((l) => l.kind === 'added').map((l) => [l.text, l.newNo])).toEqual([
      ['Fees are 4%.', 3],
      ['No hidden fees.', 4],
    ]);
    expect(d.lines.at(-1)).toEqual({ kind: 'same', text: 'End.', oldNo: 5, newNo: 6 });
  });

  it('finds nothing between equal texts', () => {
    expect(diffMarkdown('a\nb\n', 'a\nb\n')).toMatchObject({ added: 0, removed: 0 });
  });
});

describe('foldUnchanged', () => {
  it('keeps context around changes and folds the rest', () => {
    const older = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
    const newer = older.replace('line 10', 'line ten');
    const folded = foldUnchanged(diffMarkdown(older, newer).lines, 2);
    expect(folded[0]).toEqual({ folded: 7 });
    expect(folded.filter((l) => 'kind' in l)).toHaveLength(6);
    expect(folded.at(-1)).toEqual({ folded: 8 });
  });
});
