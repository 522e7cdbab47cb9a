import { describe, expect, it } from 'vitest';
import { titleCase } from './title-case.ts';

describe('titleCase', () => {
  it.each([
    ['MICHAEL JORDAN', 'Michael Jordan'],
    ['FLEER', 'Fleer'],
    ['TOPPS CHROME', 'Topps Chrome'],
    ['O-PEE-CHEE', 'O-Pee-Chee'],
    ['KAREEM ABDUL-JABBAR', 'Kareem Abdul-Jabbar'],
    ["SHAQUILLE O'NEAL", "Shaquille O'Neal"],
    ['MARK MCGWIRE', 'Mark McGwire'],
    ['BOB MCDONALD', 'Bob McDonald'],
    ['LEBRON JAMES', 'LeBron James'],
    ['KEN GRIFFEY JR.', 'Ken Griffey Jr.'],
    ['PATRICK MAHOMES II', 'Patrick Mahomes II'],
    ['CAL RIPKEN III', 'Cal Ripken III'],
    ['J.J. WATT', 'J.J. Watt'],
    ['1986 FLEER RC', '1986 Fleer RC'],
    ['PSA USA BASKETBALL', 'PSA USA Basketball'],
    ['HALL OF FAME', 'Hall of Fame'],
    ['REFRACTOR /500', 'Refractor /500'],
    ['1ST DAY ISSUE', '1st Day Issue'],
    ["PLAYER'S CHOICE", "Player's Choice"],
    ['BASKETBALL CARDS', 'Basketball Cards'],
    ['US175', 'US175'],
  ])('%s → %s', (psa, shown) => {
    expect(titleCase(psa)).toBe(shown);
  });

  it('leaves text that is not all capitals as it was written', () => {
    expect(titleCase('LeBron James')).toBe('LeBron James');
    expect(titleCase('Topps Chrome')).toBe('Topps Chrome');
    expect(titleCase('57')).toBe('57');
  });

  it('passes empty values through', () => {
    expect(titleCase(null)).toBeNull();
    expect(titleCase(undefined)).toBeUndefined();
    expect(titleCase('')).toBe('');
  });
});
