import type { Grader } from './card-values.ts';

/**
 * A graded slab drawn from the card's own data (decision 143): used wherever no photo exists, on
 * every page and in a shared link's Open Graph image. Pure string building, so the server (sharp)
 * and the web app draw the same slab. Every text is user data and is XML-escaped.
 */

/** What the drawing reads; `brand` is the set. */
export interface SlabFacts {
  grader: Grader;
  grade: string | null;
  year: number;
  brand: string;
  subject: string;
  cardNumber?: string | null;
  variety?: string | null;
  certNumber?: string | null;
}
export type SlabSide = 'front' | 'back';

export const SLAB_WIDTH = 300;
export const SLAB_HEIGHT = 468;
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** Where the OG image puts the slab (or the photo, composed by the server). */
export const OG_SLAB_BOX = { left: 90, top: 35, width: 359, height: 560 } as const;

/** Generic stacks: the web app has Inter; librsvg (sharp) falls back to the system's sans. */
const SANS = "'Inter Variable', Inter, 'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";
const MONO = "'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, monospace";

// Characters XML 1.0 forbids even escaped: a title holding one would break the whole image.
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text for an SVG/XML text node or attribute. */
export function escapeXml(s: string): string {
  return s.replace(XML_FORBIDDEN, '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Splits "GEM MT 10" into words and number so the number can stand large on the label. */
export function splitGrade(grade: string | null | undefined): { words: string; number: string } {
  const g = (grade ?? '').trim();
  const m = /^(.*?)\s*(\d{1,2}(?:\.\d)?)$/.exec(g);
  return m ? { words: m[1]!.trim(), number: m[2]! } : { words: g, number: '' };
}

/** "PSA 10", "BGS 9.5", "Raw", "Raw (Near mint)". */
export function slabGradeText(card: Pick<SlabFacts, 'grader' | 'grade'>): string {
  if (card.grader === 'raw') return card.grade?.trim() ? `Raw (${card.grade.trim()})` : 'Raw';
  const { words, number } = splitGrade(card.grade);
  return [card.grader, number || words].filter(Boolean).join(' ');
}

/** What a screen reader hears: "PSA 10 2018 Panini Prizm Luka Dončić #280, cert 12345678". */
export function slabLabel(card: SlabFacts, side: SlabSide = 'front'): string {
  const name = [slabGradeText(card), String(card.year), card.brand.trim(), card.subject.trim(), card.cardNumber ? `#${card.cardNumber.trim()}` : '']
    .filter(Boolean)
    .join(' ');
  const text = card.certNumber ? `${name}, cert ${card.certNumber}` : name;
  return side === 'back' ? `Back of ${text}` : text;
}

// ---------------------------------------------------------------------------------------------
// Text fitting: no measuring here (the server has no layout engine), so widths are estimated
// from the font size with a generous average glyph width and texts are cut to fit.
// ---------------------------------------------------------------------------------------------

const GLYPH = { upper: 0.68, mixed: 0.6 } as const;
const charsFor = (width: number, fontSize: number, kind: keyof typeof GLYPH = 'mixed') => Math.max(1, Math.floor(width / (fontSize * GLYPH[kind])));

/** Cuts a text to `max` characters, ending with an ellipsis when cut. Counts code points, not UTF-16 units. */
export function truncate(s: string, max: number): string {
  const chars = [...s.trim().replace(/\s+/g, ' ')];
  if (chars.length <= max) return chars.join('');
  return `${chars
    .slice(0, Math.max(1, max - 1))
    .join('')
    .trimEnd()}…`;
}

/** Wraps at spaces into at most `lines` lines of `max` characters; the last line is truncated, a too-long word is broken. */
export function wrapText(s: string, max: number, lines: number): string[] {
  const words = s.trim().split(/\s+/).filter(Boolean);
  const len = (w: string) => [...w].length;
  const out: string[] = [];
  let i = 0;
  while (i < words.length && out.length < lines) {
    if (out.length === lines - 1) {
      out.push(truncate(words.slice(i).join(' '), max));
      break;
    }
    const first = words[i]!;
    if (len(first) > max) {
      out.push([...first].slice(0, max).join(''));
      words[i] = [...first].slice(max).join('');
      continue;
    }
    let line = first;
    i++;
    while (i < words.length && len(`${line} ${words[i]}`) <= max) line = `${line} ${words[i++]}`;
    out.push(line);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------

interface Palette {
  /** Label fill: one colour or a top-to-bottom gradient. */
  label: [string, string];
  border: string;
  ink: string;
  muted: string;
  accent: string;
  name: string;
}

/** BGS prints a gold label from 9.5 up, silver below. */
function bgsGold(grade: string | null): boolean {
  const n = Number(splitGrade(grade).number);
  return Number.isFinite(n) && n >= 9.5;
}

export function slabPalette(card: Pick<SlabFacts, 'grader' | 'grade'>): Palette {
  switch (card.grader) {
    case 'PSA':
      return { label: ['#ffffff', '#f7f7f7'], border: '#c8102e', ink: '#161616', muted: '#4b4b4b', accent: '#c8102e', name: 'PSA' };
    case 'BGS':
      return bgsGold(card.grade)
        ? { label: ['#f6e7b0', '#d4b160'], border: '#a8832e', ink: '#2b2108', muted: '#5c4a1a', accent: '#7a5c14', name: 'BECKETT' }
        : { label: ['#f1f2f4', '#c9ccd1'], border: '#8e939b', ink: '#1f2937', muted: '#4b5563', accent: '#374151', name: 'BECKETT' };
    case 'SGC':
      return { label: ['#18181b', '#0b0b0c'], border: '#1f8a4c', ink: '#f4f4f5', muted: '#c4c4c8', accent: '#34c46e', name: 'SGC' };
    case 'CGC':
      return { label: ['#12345e', '#0b2342'], border: '#4ea3d9', ink: '#f1f5f9', muted: '#c5d3e3', accent: '#7cc4f0', name: 'CGC' };
    default:
      return { label: ['#f4f4f5', '#e4e4e7'], border: '#a1a1aa', ink: '#27272a', muted: '#52525b', accent: '#52525b', name: 'RAW' };
  }
}

/** A small stable hash (FNV-1a): the same card always gets the same colours and bars. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Bars of a barcode-like strip for a certificate: [x, width] pairs inside `width`. Deterministic. */
export function certBars(cert: string, width: number): [number, number][] {
  // Each character gives five bars, two wide (a 2-of-5 pattern picked by its code), between guards.
  const patterns = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];
  const units: number[] = [1, 1, 1, 1]; // start guard: bar, space, bar, space
  for (const ch of cert) {
    const p = patterns[ch.charCodeAt(0) % 10]!;
    for (const c of p) units.push(c === 'w' ? 3 : 1, 1);
  }
  units.push(2, 1, 1); // stop guard
  const total = units.reduce((a, b) => a + b, 0);
  const unit = width / total;
  const bars: [number, number][] = [];
  let x = 0;
  units.forEach((u, i) => {
    if (i % 2 === 0) bars.push([round(x * unit), round(u * unit)]);
    x += u;
  });
  return bars;
}

const round = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------------------------

const text = (
  x: number,
  y: number,
  body: string,
  o: { size: number; fill: string; weight?: number; anchor?: 'start' | 'middle' | 'end'; spacing?: number; family?: string; opacity?: number },
) =>
  `<text x="${x}" y="${y}" font-family="${o.family ?? SANS}" font-size="${o.size}" font-weight="${o.weight ?? 400}" fill="${o.fill}"${o.anchor && o.anchor !== 'start' ? ` text-anchor="${o.anchor}"` : ''}${o.spacing ? ` letter-spacing="${o.spacing}"` : ''}${o.opacity != null ? ` fill-opacity="${o.opacity}"` : ''}>${escapeXml(body)}</text>`;

const initials = (subject: string) =>
  subject
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w))
    .slice(0, 2)
    .map((w) => [...w][0]!.toUpperCase())
    .join('') || '#';

/** A safe prefix for the gradient ids (React's useId holds ":" or "«"). */
const idSafe = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '') || 's';

function caseAndLabel(card: SlabFacts, p: Palette, id: string): string {
  const raw = card.grader === 'raw';
  return [
    `<defs>`,
    `<linearGradient id="${id}-case" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbfbfc"/><stop offset="0.55" stop-color="#ececef"/><stop offset="1" stop-color="#d9d9de"/></linearGradient>`,
    `<linearGradient id="${id}-label" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.label[0]}"/><stop offset="1" stop-color="${p.label[1]}"/></linearGradient>`,
    `<linearGradient id="${id}-glare" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.3"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`,
    `</defs>`,
    `<rect x="4" y="4" width="292" height="460" rx="18" fill="url(#${id}-case)" stroke="#b9b9c2" stroke-width="1.5"${raw ? ' stroke-dasharray="8 6"' : ''}/>`,
    `<rect x="13" y="13" width="274" height="442" rx="12" fill="none" stroke="#ffffff" stroke-opacity="0.8"/>`,
    `<rect x="22" y="22" width="256" height="106" rx="6" fill="url(#${id}-label)" stroke="${p.border}" stroke-width="${card.grader === 'PSA' ? 3 : 2}"/>`,
  ].join('');
}

function frontLabel(card: SlabFacts, p: Palette): string {
  const { words, number } = splitGrade(card.grade);
  const raw = card.grader === 'raw';
  const colW = 168;
  const subject = wrapText(card.subject.toUpperCase(), charsFor(colW, 13, 'upper'), 2);
  const detail = [card.cardNumber ? `#${card.cardNumber.trim()}` : '', card.variety?.trim().toUpperCase() ?? ''].filter(Boolean).join(' ');
  const parts = [
    text(32, 42, truncate(`${card.year} ${card.brand.toUpperCase()}`, charsFor(colW, 11, 'upper')), { size: 11, fill: p.ink, weight: 700 }),
    ...subject.map((l, i) => text(32, 60 + i * 16, l, { size: 13, fill: p.ink, weight: 800 })),
    detail ? text(32, 60 + subject.length * 16 + 1, truncate(detail, charsFor(colW, 10, 'upper')), { size: 10, fill: p.muted, weight: 600 }) : '',
    card.certNumber ? text(32, 119, truncate(card.certNumber, 20), { size: 10, fill: p.muted, weight: 600, family: MONO, spacing: 0.5 }) : '',
    `<line x1="208" y1="32" x2="208" y2="118" stroke="${p.muted}" stroke-opacity="0.35"/>`,
  ];
  if (raw) {
    parts.push(text(243, 70, 'RAW', { size: 18, fill: p.accent, weight: 800, anchor: 'middle', spacing: 2 }));
    if (card.grade)
      parts.push(
        text(243, 90, truncate(card.grade.toUpperCase(), charsFor(64, 9, 'upper')), { size: 9, fill: p.muted, weight: 700, anchor: 'middle' }),
      );
  } else {
    const wordLines = wrapText(words.toUpperCase(), charsFor(64, 10, 'upper'), 2);
    wordLines.forEach((l, i) => parts.push(text(243, 44 + i * 12, l, { size: 10, fill: p.ink, weight: 700, anchor: 'middle' })));
    if (number) parts.push(text(243, 98, number, { size: number.length > 2 ? 28 : 34, fill: p.ink, weight: 800, anchor: 'middle' }));
    parts.push(text(243, 120, p.name, { size: p.name.length > 4 ? 9 : 12, fill: p.accent, weight: 800, anchor: 'middle', spacing: 1.5 }));
  }
  return parts.join('');
}

/** The card in the window: colours from the card itself, its initials, and a nameplate. */
function frontCard(card: SlabFacts, id: string): string {
  const hue = hashString(`${card.subject}|${card.year}|${card.brand}`) % 360;
  const number = card.cardNumber?.trim();
  const badge = number ? truncate(`#${number}`, 12) : '';
  const badgeW = Math.round([...badge].length * 11 * GLYPH.mixed + 18);
  return [
    `<defs><linearGradient id="${id}-art" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue}, 46%, 46%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360}, 52%, 24%)"/></linearGradient></defs>`,
    `<rect x="32" y="140" width="236" height="304" rx="6" fill="#fdfdfb" stroke="#d4d4d8"/>`,
    `<rect x="42" y="150" width="216" height="284" rx="3" fill="url(#${id}-art)"/>`,
    `<path d="M42 330 L258 226 L258 262 L42 366 Z" fill="#ffffff" fill-opacity="0.08"/>`,
    text(150, 300, initials(card.subject), { size: 92, fill: '#ffffff', weight: 800, anchor: 'middle', opacity: 0.22 }),
    badge ? `<rect x="${248 - badgeW}" y="160" width="${badgeW}" height="22" rx="11" fill="#000000" fill-opacity="0.28"/>` : '',
    badge ? text(248 - badgeW / 2, 175, badge, { size: 11, fill: '#ffffff', weight: 700, anchor: 'middle' }) : '',
    `<rect x="52" y="376" width="196" height="48" rx="4" fill="#ffffff" fill-opacity="0.93"/>`,
    text(150, 397, truncate(card.subject, charsFor(180, 14)), { size: 14, fill: '#18181b', weight: 700, anchor: 'middle' }),
    text(150, 414, truncate(`${card.year} ${card.brand}`, charsFor(180, 10)), { size: 10, fill: '#52525b', weight: 500, anchor: 'middle' }),
  ].join('');
}

function backLabel(card: SlabFacts, p: Palette): string {
  const parts = [text(32, 46, p.name, { size: 16, fill: p.accent, weight: 800, spacing: 1.5 })];
  if (card.certNumber) {
    parts.push(text(268, 45, 'CERTIFICATION', { size: 9, fill: p.muted, weight: 700, anchor: 'end', spacing: 1 }));
    const bars = certBars(card.certNumber, 236);
    parts.push(`<rect x="30" y="56" width="240" height="44" rx="2" fill="#ffffff"/>`);
    parts.push(`<g fill="#111111">${bars.map(([x, w]) => `<rect x="${round(32 + x)}" y="60" width="${w}" height="36"/>`).join('')}</g>`);
    parts.push(text(150, 118, truncate(card.certNumber, 24), { size: 12, fill: p.ink, weight: 700, anchor: 'middle', family: MONO, spacing: 2 }));
  } else {
    parts.push(
      text(150, 88, card.grader === 'raw' ? 'UNGRADED CARD' : 'NO CERTIFICATE ON FILE', {
        size: 11,
        fill: p.muted,
        weight: 700,
        anchor: 'middle',
        spacing: 1.5,
      }),
    );
  }
  return parts.join('');
}

/** The card's back: card stock, its facts, and ruled lines where the stats would be. */
function backCard(card: SlabFacts): string {
  const lines = [card.cardNumber ? `Card #${card.cardNumber.trim()}` : '', card.variety?.trim() ?? '', `${card.year} ${card.brand}`].filter(Boolean);
  const subject = wrapText(card.subject, charsFor(196, 15), 2);
  const rules = Array.from(
    { length: 6 },
    (_, i) => `<rect x="56" y="${330 + i * 14}" width="${188 - (i % 3) * 26}" height="6" rx="3" fill="#a8a29e" fill-opacity="0.45"/>`,
  );
  return [
    `<rect x="32" y="140" width="236" height="304" rx="6" fill="#fdfdfb" stroke="#d4d4d8"/>`,
    `<rect x="42" y="150" width="216" height="284" rx="3" fill="#ebe4d3" stroke="#cfc5ae"/>`,
    `<rect x="52" y="160" width="196" height="6" rx="3" fill="#8a7f68" fill-opacity="0.5"/>`,
    ...subject.map((l, i) => text(150, 196 + i * 20, l, { size: 15, fill: '#2b2620', weight: 700, anchor: 'middle' })),
    ...lines.map((l, i) =>
      text(150, 196 + subject.length * 20 + 8 + i * 17, truncate(l, charsFor(196, 11)), { size: 11, fill: '#57503f', weight: 500, anchor: 'middle' }),
    ),
    ...rules,
  ].join('');
}

/** The slab's drawing without its <svg> root, for nesting (the OG image). */
export function slabBody(card: SlabFacts, opts: { side?: SlabSide; idPrefix?: string } = {}): string {
  const id = idSafe(opts.idPrefix ?? 'slab');
  const p = slabPalette(card);
  const back = opts.side === 'back';
  return [
    caseAndLabel(card, p, id),
    back ? backLabel(card, p) : frontLabel(card, p),
    back ? backCard(card) : frontCard(card, id),
    `<path d="M6 26 Q6 6 26 6 H190 L6 310 Z" fill="url(#${id}-glare)"/>`,
  ].join('');
}

/** A whole SVG document of the slab, 300×468 (the photos' proportions). */
export function slabSvg(card: SlabFacts, opts: { side?: SlabSide; idPrefix?: string; title?: boolean } = {}): string {
  const title = opts.title === false ? '' : `<title>${escapeXml(slabLabel(card, opts.side))}</title>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SLAB_WIDTH} ${SLAB_HEIGHT}" width="${SLAB_WIDTH}" height="${SLAB_HEIGHT}">${title}${slabBody(card, opts)}</svg>`;
}

/**
 * The 1200×630 preview of a shared link: the slab (or a hole where the server composes the photo)
 * and what the shared page itself shows. Takes only the card's facts: no owner, no value.
 */
export function ogSvg(card: SlabFacts, opts: { photo: boolean; siteName: string }): string {
  const p = slabPalette(card);
  const box = OG_SLAB_BOX;
  const x = 520;
  const w = OG_WIDTH - x - 70;
  const subject = wrapText(card.subject, charsFor(w, 58), 2);
  const gradeLine = card.grader === 'raw' ? slabGradeText(card) : [card.grader, card.grade?.trim()].filter(Boolean).join(' ');
  const detail = [card.cardNumber ? `#${card.cardNumber.trim()}` : '', card.variety?.trim() ?? ''].filter(Boolean).join(' · ');
  let y = 206;
  const parts: string[] = [
    `<defs><radialGradient id="og-bg" cx="0.25" cy="0.45" r="0.8"><stop offset="0" stop-color="#26262b"/><stop offset="1" stop-color="#0b0b0c"/></radialGradient></defs>`,
    `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#og-bg)"/>`,
    opts.photo
      ? `<rect x="${box.left - 6}" y="${box.top - 6}" width="${box.width + 12}" height="${box.height + 12}" rx="20" fill="#000000" fill-opacity="0.35"/>`
      : `<svg x="${box.left}" y="${box.top}" width="${box.width}" height="${box.height}" viewBox="0 0 ${SLAB_WIDTH} ${SLAB_HEIGHT}">${slabBody(card, { idPrefix: 'og' })}</svg>`,
    text(x, 120, 'SHARED FROM A PRIVATE COLLECTION', { size: 18, fill: '#a1a1aa', weight: 600, spacing: 4 }),
  ];
  for (const l of subject) {
    parts.push(text(x, y, l, { size: 58, fill: '#ffffff', weight: 700 }));
    y += 68;
  }
  y += 2;
  parts.push(text(x, y, truncate(`${card.year} ${card.brand}`, charsFor(w, 30)), { size: 30, fill: '#d4d4d8', weight: 500 }));
  if (detail) {
    y += 44;
    parts.push(text(x, y, truncate(detail, charsFor(w, 24)), { size: 24, fill: '#a1a1aa', weight: 500 }));
  }
  y += 70;
  if (gradeLine) {
    const label = truncate(gradeLine.toUpperCase(), charsFor(w - 40, 30, 'upper'));
    const pill = Math.min(w, Math.round([...label].length * 30 * GLYPH.upper + 44));
    parts.push(`<rect x="${x}" y="${y - 40}" width="${pill}" height="56" rx="10" fill="${card.grader === 'raw' ? '#3f3f46' : p.border}"/>`);
    parts.push(text(x + 22, y - 2, label, { size: 30, fill: '#ffffff', weight: 800, spacing: 1 }));
  }
  if (card.certNumber)
    parts.push(text(x, y + 56, truncate(`Cert ${card.certNumber}`, charsFor(w, 24)), { size: 24, fill: '#d4d4d8', weight: 500, family: MONO }));
  parts.push(text(x, 580, truncate(opts.siteName, charsFor(w, 22)), { size: 22, fill: '#71717a', weight: 600, spacing: 1 }));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}"><title>${escapeXml(slabLabel(card))}</title>${parts.join('')}</svg>`;
}
