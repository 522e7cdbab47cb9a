import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookupCountry, resetCountryLookup } from './use-geo-country.ts';

afterEach(() => {
  resetCountryLookup();
  vi.restoreAllMocks();
});

describe('IP-geolocation country', () => {
  it('reads country_code from the lookup', async () => {
    const fetchMock = vi.fn(async () => new Response('{"country_code":"IT"}', { status: 200 }));
    expect(await lookupCountry('https://geo.example/json', fetchMock as unknown as typeof fetch)).toBe('IT');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back to US on any failure, and only logs it (never console.error)', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    const failing = vi.fn(async () => {
      throw new TypeError('network down');
    });
    expect(await lookupCountry('https://geo.example/json', failing as unknown as typeof fetch)).toBe('US');
    resetCountryLookup();
    const bad = vi.fn(async () => new Response('{"country_code":"XX"}', { status: 200 }));
    expect(await lookupCountry('https://geo.example/json', bad as unknown as typeof fetch)).toBe('US');
    resetCountryLookup();
    const http = vi.fn(async () => new Response('nope', { status: 503 }));
    expect(await lookupCountry('https://geo.example/json', http as unknown as typeof fetch)).toBe('US');
    expect(info).toHaveBeenCalledTimes(3);
    expect(error).not.toHaveBeenCalled();
  });
});
