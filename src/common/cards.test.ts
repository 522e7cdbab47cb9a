import { describe, expect, it } from 'vitest';
import {
  lockedChanges,
  cardMessages,
  cardPrefillFromPsa,
  createCardSchema,
  gradeValueFromLabel,
  patchCardSchema,
  splitCertList,
  sportFromPsaCategory,
} from './cards.ts';

const base = {
  grader: 'PSA',
  certNumber: '12345678',
  grade: 'GEM MT 10',
  year: 1986,
  brand: 'Fleer',
  subject: 'Michael Jordan',
  cardNumber: '57',
  sport: 'basketball',
  estimatedValueCents: 1_500_000_00,
} as const;

function messages(r: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);
}

describe('card contracts', () => {
  it('accepts a PSA slab and normalises the certificate number', () => {
    const r = createCardSchema.parse({ ...base, certNumber: ' #1234 5678' });
    expect(r.certNumber).toBe('12345678');
    expect(r.variety).toBeNull();
  });

  it('refuses bad certificate numbers, years, values and unknown fields with the issue’s words', () => {
    expect(messages(createCardSchema.safeParse({ ...base, certNumber: '12a' }))).toContain(cardMessages.certDigits);
    expect(messages(createCardSchema.safeParse({ ...base, certNumber: '12345678901' }))).toContain(cardMessages.certDigits);
    expect(messages(createCardSchema.safeParse({ ...base, year: 1859 }))[0]).toMatch(/^Year must be between 1860 and \d{4}$/);
    expect(messages(createCardSchema.safeParse({ ...base, year: new Date().getUTCFullYear() + 2 }))[0]).toMatch(/^Year must be between/);
    expect(messages(createCardSchema.safeParse({ ...base, estimatedValueCents: -1 }))).toContain(cardMessages.valueRange);
    expect(messages(createCardSchema.safeParse({ ...base, estimatedValueCents: 10_000_000_001 }))).toContain(cardMessages.valueRange);
    expect(messages(createCardSchema.safeParse({ ...base, estimatedValueCents: 1.5 }))).toContain(cardMessages.valueRange);
    expect(createCardSchema.safeParse({ ...base, ownerId: 'x' }).success).toBe(false);
  });

  it('needs a grade and a certificate unless the card is raw', () => {
    expect(messages(createCardSchema.safeParse({ ...base, grade: '' }))).toContain(cardMessages.gradeRequired);
    expect(messages(createCardSchema.safeParse({ ...base, certNumber: null }))).toContain(cardMessages.certRequired);
    const raw = createCardSchema.parse({ ...base, grader: 'raw', certNumber: null, grade: null });
    expect(raw.grade).toBeNull();
    expect(messages(createCardSchema.safeParse({ ...base, grader: 'raw', grade: null }))).toContain(cardMessages.rawHasNoCert);
  });

  it('patches any subset but not nothing and not unknown fields', () => {
    expect(patchCardSchema.parse({ estimatedValueCents: 5 })).toEqual({ estimatedValueCents: 5 });
    expect(patchCardSchema.safeParse({}).success).toBe(false);
    expect(patchCardSchema.safeParse({ custody: 'in_vault' }).success).toBe(false);
    expect(patchCardSchema.safeParse({ gradeValue: 9.3 }).success).toBe(false);
  });

  it('reads grade numbers, sports and pasted lists', () => {
    expect(gradeValueFromLabel('GEM MT 10')).toBe(10);
    expect(gradeValueFromLabel('NM-MT+ 8.5')).toBe(8.5);
    expect(gradeValueFromLabel('AUTHENTIC')).toBeNull();
    expect(sportFromPsaCategory('BASEBALL CARDS')).toBe('baseball');
    expect(sportFromPsaCategory('TCG CARDS')).toBe('other');
    expect(splitCertList('123, 456\n#789;;\n')).toEqual(['123', '456', '789']);
    const prefill = cardPrefillFromPsa({
      certNumber: '1',
      year: '1952',
      brand: 'TOPPS',
      subject: 'MICKEY MANTLE',
      cardNumber: '311',
      variety: null,
      category: 'BASEBALL CARDS',
      grade: 'NM-MT 8',
      gradeDescription: 'NEAR MINT-MINT',
      totalPopulation: 3,
      populationHigher: 3,
      labelType: null,
      imageFrontUrl: null,
      imageBackUrl: null,
    });
    expect(prefill).toMatchObject({ grader: 'PSA', year: 1952, gradeValue: 8, sport: 'baseball', source: 'psa' });
  });
});

describe('locked fields of a held card (decision 128)', () => {
  it('lists the identifying and value fields a patch would change, only while held', () => {
    const card = {
      grader: 'PSA',
      certNumber: '1',
      grade: 'MINT 9',
      gradeValue: 9,
      year: 1986,
      brand: 'Fleer',
      subject: 'Michael Jordan',
      cardNumber: '57',
      variety: null,
      estimatedValueCents: 100,
    };
    expect(lockedChanges({ ...card, hold: 'listing' }, { grade: 'GEM MT 10', gradeValue: 10, estimatedValueCents: 100 })).toEqual([
      'grade',
      'gradeValue',
    ]);
    expect(lockedChanges({ ...card, hold: 'loan' }, { estimatedValueCents: 200, subject: 'Michael Jordan' })).toEqual(['estimatedValueCents']);
    expect(lockedChanges({ ...card, hold: 'fund' }, { variety: 'Refractor' })).toEqual(['variety']);
    expect(lockedChanges({ ...card, hold: null }, { grade: 'GEM MT 10' })).toEqual([]);
  });
});
