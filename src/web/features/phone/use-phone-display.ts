import { useEffect, useState } from 'react';
import { formatNanpInternational } from '#common/phone-display-nanp.ts';
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
 * A phone for reading ("+1 212 555 0101"). A North American number is written at once; for any
 * other, the phone library (about 36 KB gzip) loads once the page has painted, and until then the
 * stored E.164 value is shown as it is.
 */
export function usePhoneDisplay(value: string | null | undefined): string {
  const plain = value ? formatNanpInternational(value) : '';
  const [fmt, setFmt] = useState<Format | null>(() => format);
  useEffect(() => {
    if (plain === null && !fmt) void load().then((f) => setFmt(() => f));
  }, [plain, fmt]);
  if (plain !== null) return plain;
  return fmt ? fmt(value) : (value ?? '');
}
