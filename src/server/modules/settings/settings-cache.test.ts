import { describe, expect, it } from 'vitest';
import { SettingsCache } from './settings-cache.ts';

describe('settings cache', () => {
  it('keeps a section until it is invalidated or its time is up', () => {
    let now = 0;
    const cache = new SettingsCache(1000, () => now);
    cache.set('features', { hunts: true }, cache.currentEpoch());
    expect(cache.get('features')).toEqual({ hunts: true });
    cache.invalidate('features');
    expect(cache.get('features')).toBeUndefined();
    cache.set('features', { hunts: false }, cache.currentEpoch());
    now = 1000;
    expect(cache.get('features')).toBeUndefined();
  });

  it('does not store a read that started before an invalidation', () => {
    const cache = new SettingsCache();
    const epoch = cache.currentEpoch();
    cache.invalidate('lending');
    cache.set('lending', { minLoanCents: 1 }, epoch);
    expect(cache.get('lending')).toBeUndefined();
  });
});
