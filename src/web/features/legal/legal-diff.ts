import { diffLines } from 'diff';

export interface DiffLine {
  kind: 'added' | 'removed' | 'same';
  text: string;
  /** Line numbers in the older and the newer text (absent on the side that lacks the line). */
  oldNo?: number;
  newNo?: number;
}

export interface LegalDiff {
  lines: DiffLine[];
  added: number;
  removed: number;
}

/** Line-by-line changes from one version's Markdown to another's. */
export function diffMarkdown(older: string, newer: string): LegalDiff {
  const lines: DiffLine[] = [];
  let oldNo = 0;
  let newNo = 0;
  let added = 0;
  let removed = 0;
  for (const part of diffLines(older, newer)) {
    const texts = part.value.replace(/\n$/, '').split('\n');
    for (const text of texts) {
      if (part.added) {
        lines.push({ kind: 'added', text, newNo: ++newNo });
        added++;
      } else if (part.removed) {
        lines.push({ kind: 'removed', text, oldNo: ++oldNo });
        removed++;
      } else {
        lines.push({ kind: 'same', text, oldNo: ++oldNo, newNo: ++newNo });
      }
    }
  }
  return { lines, added, removed };
}

/**
 * Long stretches of unchanged lines fold to `context` lines either side of a change; a
 * `{ folded }` entry stands for a folded stretch and says how many lines it hides.
 */
export function foldUnchanged(lines: DiffLine[], context = 3): (DiffLine | { folded: number })[] {
  const keep = lines.map(() => false);
  lines.forEach((l, i) => {
    if (l.kind === 'same') return;
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) keep[j] = true;
  });
  const out: (DiffLine | { folded: number })[] = [];
  let hidden = 0;
  lines.forEach((l, i) => {
    if (keep[i]) {
      if (hidden) out.push({ folded: hidden });
      hidden = 0;
      out.push(l);
    } else hidden++;
  });
  if (hidden) out.push({ folded: hidden });
  return out;
}
