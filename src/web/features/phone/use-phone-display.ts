import { useEffect, useState } from 'react';

type Format = (value: string | null | undefined) => string;

let format: Format | null = null;
let loading: Promise<Format> | null = null;
const load = () => (loading ??= import('./phone-format.ts').then((m) => (format = m.formatPhoneForDisplay)));

/**
 * A phone for reading ("+1 212 555 0101"). The phone library (about 36 KB gzip) loads after the
 * first paint: until then the stored E.164 value is shown as it is.
 */
export function usePhoneDisplay(value: string | null | undefined): string {
  const [fmt, setFmt] = useState<Format | null>(() => format);
  useEffect(() => {
    if (!fmt) void load().then((f) => setFmt(() => f));
  }, [fmt]);
  return fmt ? fmt(value) : (value ?? '');
}
