import { useEffect, useState } from 'react';
import { whenContentReady } from '#web/lib/content-ready.ts';

type Format = (value: string | null | undefined) => string;

let format: Format | null = null;
let loading: Promise<Format> | null = null;
// After the page's first paint: its download would otherwise share the network with the page's own.
const load = () =>
  (loading ??= whenContentReady()
    // The display form alone: the typing formatter (AsYouType) stays with the phone fields.
    .then(() => import('#common/phone-display.ts'))
    .then((m) => (format = m.formatPhoneForDisplay)));

/**
 * A phone for reading ("+1 212 555 0101"). The phone library (about 36 KB gzip) loads once the
 * page has painted: until then the stored E.164 value is shown as it is.
 */
export function usePhoneDisplay(value: string | null | undefined): string {
  const [fmt, setFmt] = useState<Format | null>(() => format);
  useEffect(() => {
    if (!fmt) void load().then((f) => setFmt(() => f));
  }, [fmt]);
  return fmt ? fmt(value) : (value ?? '');
}
