import { describe, expect, it } from 'vitest';
import {
  certBars,
  escapeXml,
  ogSvg,
  slabGradeText,
  slabLabel,
  slabPalette,
  slabSvg,
  splitGrade,
  truncate,
  wrapText,
  type SlabFacts,
} from './slab-image.ts';

const luka: SlabFacts = {
  grader: 'PSA',
  grade: 'GEM MT 10',
  year: 2018,
  brand: 'Panini Prizm',
  subject: 'Luka Dončić',
  cardNumber: '280',
  variety: 'Silver',
  certNumber: '12345678',
};

/** The text nodes of an SVG, unescaped as a parser would read them. */
const texts = (svg: string) =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
    m[1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );

describe('the drawn slab', () => {
  it('puts year, set, subject, number, grade words and number, cert and grader on the front label', () => {
    const t = texts(slabSvg(luka));
    expect(t).toEqual(expect.arrayContaining(['2018 PANINI PRIZM', 'LUKA DONČIĆ', '#280 SILVER', '12345678', 'GEM MT', '10', 'PSA', 'Luka Dončić']));
  });

  it('escapes every user text: a <script> and an & in the subject stay text', () => {
    const card = { ...luka, subject: 'Tom & Jerry <script>alert("x")</script>', brand: `O'Brien & Sons`, certNumber: '1<2' };
    for (const svg of [slabSvg(card), slabSvg(card, { side: 'back' }), ogSvg(card, { photo: false, siteName: 'A & B' })]) {
      expect(svg).not.toContain('<script');
      expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
      expect(svg).toContain('Tom &amp; Jerry &lt;script&gt;');
      // Well-formed: every element opened is closed (a stray "<" would open one).
      const opened = (svg.match(/<[a-zA-Z]/g) ?? []).length;
      const closed = (svg.match(/<\/[a-zA-Z]|\/>/g) ?? []).length;
      expect(closed).toBe(opened);
    }
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    expect(escapeXml('bell\u0007 tab\tok')).toBe('bell tab\tok');
  });

  it('wraps a long subject to two lines and cuts the rest with an ellipsis', () => {
    const long = { ...luka, subject: 'Giannis Antetokounmpo Kareem Abdul-Jabbar Hakeem Olajuwon Dikembe Mutombo' };
    const label = texts(slabSvg(long)).filter((s) => s === s.toUpperCase() && /GIANNIS|KAREEM|OLAJUWON|…/.test(s));
    expect(label).toHaveLength(2);
    expect(label[1]!.endsWith('…')).toBe(true);
    for (const l of label) expect([...l].length).toBeLessThanOrEqual(20);
    expect(wrapText('one two three four', 9, 2)).toEqual(['one two', 'three fo…']);
    expect(wrapText('Supercalifragilistic', 8, 3)).toEqual(['Supercal', 'ifragili', 'stic']);
    expect(wrapText('short', 20, 2)).toEqual(['short']);
    expect(truncate('Dončić', 4)).toBe('Don…');
    expect(truncate('  a   b  ', 10)).toBe('a b');
  });

  it('colours the label by grader: PSA red, BGS silver or gold from 9.5, SGC black and green, raw neutral', () => {
    expect(slabPalette({ grader: 'PSA', grade: '10' }).border).toBe('#c8102e');
    expect(slabPalette({ grader: 'BGS', grade: 'NM-MT 8' }).label[0]).toBe('#f1f2f4');
    expect(slabPalette({ grader: 'BGS', grade: 'GEM MINT 9.5' }).label[0]).toBe('#f6e7b0');
    expect(slabPalette({ grader: 'SGC', grade: '9' })).toMatchObject({ label: ['#18181b', '#0b0b0c'], border: '#1f8a4c' });
    expect(slabPalette({ grader: 'raw', grade: null }).name).toBe('RAW');
    expect(slabSvg({ ...luka, grader: 'SGC', grade: 'MINT 9' })).toContain('stop-color="#18181b"');
    expect(slabSvg(luka)).toContain('stroke="#c8102e"');
  });

  it('draws the back with the grader, the cert and bars derived from the cert alone', () => {
    const back = slabSvg(luka, { side: 'back' });
    expect(texts(back)).toEqual(expect.arrayContaining(['PSA', 'CERTIFICATION', '12345678']));
    expect(back).not.toBe(slabSvg(luka));
    expect(certBars('12345678', 236)).toEqual(certBars('12345678', 236));
    expect(certBars('12345678', 236)).not.toEqual(certBars('12345679', 236));
    const bars = certBars('12345678', 236);
    const last = bars.at(-1)!;
    expect(last[0] + last[1]).toBeLessThanOrEqual(236.01);
    expect(bars[0]![0]).toBe(0);
    expect(texts(slabSvg({ ...luka, grader: 'raw', grade: null, certNumber: null }, { side: 'back' }))).toContain('UNGRADED CARD');
  });

  it('gives each drawing its own gradient ids, safe from whatever React’s useId returns', () => {
    const svg = slabSvg(luka, { idPrefix: '«r1»:x' });
    expect(svg).toContain('id="r1x-case"');
    expect(svg).toContain('url(#r1x-label)');
  });
});

describe('its words', () => {
  it('names the card for a screen reader', () => {
    expect(slabLabel(luka)).toBe('PSA 10 2018 Panini Prizm Luka Dončić #280, cert 12345678');
    expect(slabLabel(luka, 'back')).toBe('Back of PSA 10 2018 Panini Prizm Luka Dončić #280, cert 12345678');
    expect(slabLabel({ ...luka, grader: 'raw', grade: 'Near mint', certNumber: null, cardNumber: null })).toBe(
      'Raw (Near mint) 2018 Panini Prizm Luka Dončić',
    );
    expect(slabLabel({ ...luka, grader: 'BGS', grade: 'AUTHENTIC' })).toContain('BGS AUTHENTIC 2018');
  });

  it('splits grades into words and number', () => {
    expect(splitGrade('GEM MT 10')).toEqual({ words: 'GEM MT', number: '10' });
    expect(splitGrade('GEM MINT 9.5')).toEqual({ words: 'GEM MINT', number: '9.5' });
    expect(splitGrade('AUTHENTIC')).toEqual({ words: 'AUTHENTIC', number: '' });
    expect(splitGrade(null)).toEqual({ words: '', number: '' });
    expect(slabGradeText({ grader: 'raw', grade: null })).toBe('Raw');
  });
});

describe('the Open Graph image', () => {
  it('shows the card’s facts, leaves a hole for a photo, and has nothing but what it was given', () => {
    const drawn = ogSvg(luka, { photo: false, siteName: 'Private Collectors' });
    expect(drawn).toContain('width="1200" height="630"');
    expect(texts(drawn)).toEqual(expect.arrayContaining(['Luka Dončić', '2018 Panini Prizm', '#280 · Silver', 'PSA GEM MT 10', 'Cert 12345678']));
    expect(drawn).toContain('<svg x="90" y="35" width="359" height="560"');
    const withPhoto = ogSvg(luka, { photo: true, siteName: 'Private Collectors' });
    expect(withPhoto).not.toContain('<svg x="90"');
    // Extra fields on the object (an owner, a value) never reach the image.
    const leaky = { ...luka, ownerFirstName: 'Riley', estimatedValueCents: 9_870_000 } as SlabFacts;
    const svg = ogSvg(leaky, { photo: false, siteName: 'Private Collectors' });
    expect(svg).not.toContain('Riley');
    expect(svg).not.toContain('9870000');
  });
});
