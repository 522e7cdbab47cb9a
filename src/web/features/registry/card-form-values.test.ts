import { describe, expect, it } from 'vitest';
import { cardYearMax, type PsaCert } from '#common/cards.ts';
import { cardFormResolver, emptyCardValues, formFieldFor, toCardInput, valuesFromPsa, type CardFormValues } from './card-form-values.ts';

const psa: PsaCert = {
  certNumber: '48213907',
  year: '1986-87',
  brand: 'FLEER',
  subject: 'MICHAEL JORDAN',
  cardNumber: '57',
  variety: null,
  category: 'BASKETBALL CARDS',
  grade: 'GEM MT 10',
  gradeDescription: 'GEM MINT 10',
  totalPopulation: 319,
  populationHigher: 0,
  labelType: null,
  imageFrontUrl: null,
  imageBackUrl: null,
};
const good: CardFormValues = { ...valuesFromPsa(psa), estimatedValue: '$185,000' };
const errorsOf = async (v: CardFormValues) => {
  const r = await cardFormResolver(v, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(Object.entries(r.errors).map(([k, e]) => [k, (e as { message?: string }).message]));
};

describe('card form values', () => {
  it('reads dollars as cents, refusing what is not an amount', () => {
    const cents = (estimatedValue: string) => toCardInput({ ...emptyCardValues, estimatedValue }).estimatedValueCents;
    expect(cents('$12,500')).toBe(1_250_000);
    expect(cents('12500.5')).toBe(1_250_050);
    expect(cents('0.07')).toBe(7);
    expect(cents('')).toBe(0);
    expect(cents('12.345')).toBeNaN();
    expect(cents('-5')).toBeNaN();
    expect(cents('ten')).toBeNaN();
  });

  it('prefills from PSA: the season’s first year, the sport from the category, PSA’s capitals in title case, no value yet', () => {
    const v = valuesFromPsa(psa);
    expect(v).toMatchObject({
      grader: 'PSA',
      certNumber: '48213907',
      year: '1986',
      sport: 'basketball',
      grade: 'GEM MT 10',
      subject: 'Michael Jordan',
      brand: 'Fleer',
      cardNumber: '57',
      estimatedValue: '',
    });
  });

  it('converts to the API fields with the grade value for sorting and the source', () => {
    expect(toCardInput(good, 'psa')).toEqual({
      grader: 'PSA',
      certNumber: '48213907',
      grade: 'GEM MT 10',
      gradeValue: 10,
      year: 1986,
      subject: 'Michael Jordan',
      brand: 'Fleer',
      cardNumber: '57',
      variety: null,
      sport: 'basketball',
      estimatedValueCents: 18_500_000,
      source: 'psa',
    });
    expect(toCardInput({ ...good, grader: 'raw', certNumber: '123' }).certNumber).toBeNull();
  });

  it('maps API field names to the fields that show their errors', () => {
    expect(formFieldFor('estimatedValueCents')).toBe('estimatedValue');
    expect(formFieldFor('gradeValue')).toBe('grade');
    expect(formFieldFor('year')).toBe('year');
    expect(formFieldFor('source')).toBeNull();
  });
});

describe('card form validation (the shared schema)', () => {
  it('accepts a complete card', async () => {
    expect(await errorsOf(good)).toEqual({});
  });

  it('says what is missing on an empty form', async () => {
    const e = await errorsOf(emptyCardValues);
    expect(e.subject).toBe('Enter the player');
    expect(e.brand).toBe('Enter the set');
    expect(e.certNumber).toBe('Enter the certificate number printed on the slab');
    expect(e.grade).toBe('Grade is required unless the card is raw');
    expect(e.year).toBe(`Year must be between 1860 and ${cardYearMax()}`);
    expect(e.sport).toBe('Choose a sport');
  });

  it('refuses a certificate that is not digits, an impossible year and a value out of range', async () => {
    const e = await errorsOf({ ...good, certNumber: '12AB', year: '1850', estimatedValue: '100000000.01' });
    expect(e.certNumber).toBe('Certificate number must be digits');
    expect(e.year).toBe(`Year must be between 1860 and ${cardYearMax()}`);
    expect(e.estimatedValue).toMatch(/dollar amount/);
  });

  it('needs no grade or certificate for a raw card', async () => {
    expect(await errorsOf({ ...good, grader: 'raw', grade: '', certNumber: '' })).toEqual({});
  });
});
