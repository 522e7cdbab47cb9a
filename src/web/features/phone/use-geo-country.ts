import { useEffect, useState } from 'react';
import type { CountryCode } from 'libphonenumber-js';
import { usePublicConfig } from '#web/features/public-config/api/get-public-config.ts';
import { DEFAULT_COUNTRY, findCountry } from './countries.ts';

const LOOKUP_TIMEOUT_MS = 4_000;

let lookup: Promise<CountryCode> | undefined;

/**
 * The visitor's country from the configured IP-geolocation service (its `country_code`).
 * Any failure means the default, US; failures are only logged (spec §8). One lookup per page load.
 */
export function lookupCountry(url: string, fetchImpl: typeof fetch = fetch): Promise<CountryCode> {
  lookup ??= (async () => {
    try {
      const res = await fetchImpl(url, { credentials: 'omit', signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as { country_code?: unknown };
      const country = typeof body.country_code === 'string' ? findCountry(body.country_code) : undefined;
      if (!country) throw new Error('no usable country_code');
      return country.code;
    } catch (err) {
      console.info('IP geolocation unavailable, using the default country:', (err as Error).message);
      return DEFAULT_COUNTRY;
    }
  })();
  return lookup;
}

/** Test hook: forget the cached lookup. */
export function resetCountryLookup() {
  lookup = undefined;
}

/**
 * The default country for phone fields: US at first, then the looked-up country once known.
 * With no geolocation URL configured (null) no lookup is made.
 */
export function useGeoCountry(enabled = true): CountryCode {
  const [country, setCountry] = useState<CountryCode>(DEFAULT_COUNTRY);
  const { data: config } = usePublicConfig(enabled);
  const url = config?.geolocationUrl ?? null;
  useEffect(() => {
    if (!enabled || !url) return;
    let live = true;
    void lookupCountry(url).then((c) => live && setCountry(c));
    return () => {
      live = false;
    };
  }, [enabled, url]);
  return country;
}
