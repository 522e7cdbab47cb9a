import { describe, expect, it } from 'vitest';
import { reviewDays } from './market-index.ts';
import {
  defaultFeatureSwitches,
  featureOfApiPath,
  featureOfPage,
  featureOpen,
  settingsDefaults,
  settingsSchemas,
  settingsSections,
} from './settings.ts';

describe('settings sections', () => {
  it('each default passes its own schema', () => {
    for (const s of settingsSections) expect(settingsSchemas[s].safeParse(settingsDefaults[s]).success, s).toBe(true);
  });
});

describe('feature switches', () => {
  it('name the switch that closes a member path, and leave admin and onboarding paths open', () => {
    expect(featureOfApiPath('/api/user/loans')).toBe('lending');
    expect(featureOfApiPath('/api/loans/quote?cardIds=a')).toBe('lending');
    expect(featureOfApiPath('/api/listings/123/reserve')).toBe('marketplace');
    expect(featureOfApiPath('/api/hunts/active')).toBe('hunts');
    expect(featureOfApiPath('/api/sources/active')).toBe('hunts');
    expect(featureOfApiPath('/api/funds/abc')).toBe('funds');
    expect(featureOfApiPath('/api/funds/open-for-allocation')).toBeNull();
    expect(featureOfApiPath('/api/admin/loans')).toBeNull();
    expect(featureOfApiPath('/api/loansomething')).toBeNull();
    expect(featureOfPage('/secure/42')).toBe('marketplace');
    expect(featureOfPage('/source/post')).toBe('hunts');
    expect(featureOfPage('/registry')).toBeNull();
  });

  it('keep every feature open to admins', () => {
    const features = { ...defaultFeatureSwitches, lending: false };
    expect(featureOpen({ isAdmin: false, features }, 'lending')).toBe(false);
    expect(featureOpen({ isAdmin: false, features }, 'hunts')).toBe(true);
    expect(featureOpen({ isAdmin: true, features }, 'lending')).toBe(true);
    // An older server that sends no switches closes nothing.
    expect(featureOpen({ isAdmin: false }, 'lending')).toBe(true);
  });
});

describe('the index rebalance cadence', () => {
  it('schedules reviews on the 1st of every month, or of every third, sixth or twelfth month', () => {
    const scheduled = (cadence: Parameters<typeof reviewDays>[4]) =>
      [...reviewDays('2024-01-15', '2024-12-31', [], [], cadence).keys()].filter((d) => d !== '2024-01-15');
    expect(scheduled('monthly')).toHaveLength(11);
    expect(scheduled('quarterly')).toEqual(['2024-04-01', '2024-07-01', '2024-10-01']);
    expect(scheduled('semiannual')).toEqual(['2024-07-01']);
    expect(scheduled('annual')).toEqual([]);
    expect(reviewDays('2024-01-15', '2024-12-31', [{ day: '2024-04-01', reason: 'Extra' }], [], 'quarterly').get('2024-04-01')).toBe('Extra');
  });
});
