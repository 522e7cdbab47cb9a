/**
 * PSA writes names in capitals ("MICHAEL JORDAN", "FLEER", "O-PEE-CHEE"). Pages and forms show them
 * in title case; the record keeps PSA's text. Text that already has lower-case letters is someone's
 * own spelling ("LeBron James") and is left alone.
 */

/** Kept in capitals: graders, leagues, countries and hobby abbreviations. */
const ACRONYMS = new Set([
  'PSA',
  'BGS',
  'SGC',
  'CGC',
  'CSG',
  'HGA',
  'DNA',
  'RC',
  'SP',
  'SSP',
  'SPX',
  'UD',
  'OPC',
  'AU',
  'AUTO',
  'USA',
  'US',
  'UK',
  'NBA',
  'NFL',
  'MLB',
  'NHL',
  'WNBA',
  'NCAA',
  'MLS',
  'UFC',
  'WWE',
  'WWF',
  'PGA',
  'LPGA',
  'NASCAR',
  'F1',
  'MVP',
  'ROY',
  'HOF',
  'AS',
  'TC',
  'LL',
]);
/** Roman numerals after a name ("Ken Griffey III"); a lone I or V is more likely an initial. */
const ROMAN = new Set(['II', 'III', 'IV', 'VI', 'VII', 'VIII', 'IX']);
/** Names whose capitals inside the word no rule can guess. */
const SPELLINGS = new Map(
  [
    'LeBron',
    'LaMelo',
    'LaVar',
    'LiAngelo',
    'DeMar',
    'DeMarcus',
    'DeAndre',
    'DeSean',
    'DeVonta',
    'DeAaron',
    'JaVale',
    'LaDainian',
    'DiMaggio',
    'DeJong',
  ].map((n) => [n.toUpperCase(), n]),
);
/** Small words in lower case inside a title ("Hall of Fame"). */
const SMALL = new Set(['of', 'the', 'and', 'for', 'in', 'on', 'at', 'to']);

function part(raw: string, first: boolean): string {
  const m = /^([^A-Z0-9]*)(.*?)([^A-Z0-9]*)$/.exec(raw);
  const [, lead, core, trail] = m ?? ['', '', raw, ''];
  if (!core) return raw;
  let out: string;
  if (ACRONYMS.has(core) || ROMAN.has(core)) out = core;
  else if (SPELLINGS.has(core)) out = SPELLINGS.get(core)!;
  else if (/^\d+(ST|ND|RD|TH|S)$/.test(core)) out = core.toLowerCase();
  // Letters and digits together are a code ("US175", "3D"), not a word.
  else if (/\d/.test(core)) out = core;
  else if (!first && SMALL.has(core.toLowerCase())) out = core.toLowerCase();
  else {
    out = core
      .toLowerCase()
      // The first letter, a letter after a full stop ("J.J."), and after a one-letter prefix and an apostrophe ("O'Neal").
      .replace(/^([^a-z]*)([a-z])/, (_, p: string, c: string) => p + c.toUpperCase())
      .replace(/\.([a-z])/g, (_, c: string) => `.${c.toUpperCase()}`)
      .replace(/^([a-z])'([a-z]{2,})/i, (_, a: string, b: string) => `${a.toUpperCase()}'${b[0].toUpperCase()}${b.slice(1)}`)
      .replace(/^Mc([a-z])(?=[a-z])/, (_, c: string) => `Mc${c.toUpperCase()}`);
  }
  return lead + out + trail;
}

export function titleCase<T extends string | null | undefined>(text: T): T {
  if (!text || /[a-z]/.test(text) || !/[A-Z]/.test(text)) return text;
  let first = true;
  return text
    .split(/(\s+)/)
    .map((word) => {
      if (/^\s+$/.test(word) || word === '') return word;
      const out = word
        .split(/([-/])/)
        .map((p, i) => (p === '-' || p === '/' ? p : part(p, first && i === 0)))
        .join('');
      first = false;
      return out;
    })
    .join('') as T;
}
