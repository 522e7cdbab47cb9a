// Without the phone library: a page that shows only North American numbers (every member so far)
// need not download and evaluate it (about 36 KB gzip and 150 ms of blocking time on a slow phone).

const NANP = /^\+1([2-9]\d{2})([2-9]\d{2})(\d{4})$/;

/**
 * A North American number in E.164 ("+12125550101") as libphonenumber's international form
 * writes it ("+1 212 555 0101"); null for any other number, which needs the library.
 */
export function formatNanpInternational(e164: string): string | null {
  const m = NANP.exec(e164);
  return m ? `+1 ${m[1]} ${m[2]} ${m[3]}` : null;
}
