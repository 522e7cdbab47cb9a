import { describe, expect, it } from 'vitest';
import { issuesOf, toValues } from './post-hunt-page.tsx';

const now = new Date('2026-06-01T12:00:00Z');
const filled = {
  sport: 'basketball' as const,
  player: 'Luka Doncic',
  year: '2018',
  set: 'Panini Prizm',
  grader: 'PSA',
  minGrade: '9.5',
  budget: '$5,000',
  deadline: '',
  notes: '',
};

describe('the hunt form', () => {
  it('turns its text into the API values (dollars to cents, blanks to null)', () => {
    expect(toValues(filled)).toEqual({
      sport: 'basketball',
      player: 'Luka Doncic',
      year: 2018,
      set: 'Panini Prizm',
      grader: 'PSA',
      minGrade: 9.5,
      maxBudgetCents: 500_000,
      deadline: null,
      notes: null,
    });
    expect(issuesOf(filled, now)).toEqual({});
  });

  it('names each bad field inline', () => {
    const issues = issuesOf({ ...filled, player: ' ', minGrade: '11', budget: '0', deadline: '2026-05-31' }, now);
    expect(issues).toEqual({
      player: 'Enter the player',
      minGrade: 'Grade must be between 1 and 10',
      budget: 'Enter a budget greater than $0',
      deadline: 'The deadline must be in the future',
    });
    expect(issuesOf({ ...filled, budget: '' }, now).budget).toBe('Enter a budget greater than $0');
    // Cents are exact: a third decimal or an exponent is not a budget, not a rounded one.
    expect(issuesOf({ ...filled, budget: '12.345' }, now).budget).toBe('Enter a budget greater than $0');
    expect(issuesOf({ ...filled, budget: '1e3' }, now).budget).toBe('Enter a budget greater than $0');
    expect(toValues({ ...filled, budget: '$1,250.07' }).maxBudgetCents).toBe(125_007);
    expect(issuesOf({ ...filled, deadline: '2026-06-02' }, now).deadline).toBeUndefined();
  });
});
