import type { SmsThread } from '#common/sms-convos.ts';
import { formatDate } from '#common/format.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** "3:04 PM" today, "Jan 5, 2024" before. */
export function shortWhen(iso: string, now = new Date()) {
  const d = new Date(iso);
  return sameDay(d, now) ? timeFormat.format(d) : formatDate(d);
}
export const fullWhen = (iso: string) => `${formatDate(iso)}, ${timeFormat.format(new Date(iso))}`;

export const purposeLabels: Record<string, string> = {
  otp: 'Sign-in code',
  access_approved: 'Access approved',
  access_rejected: 'Access not approved',
  manual: 'Manual',
  opt_out: 'Opted out',
  opt_in: 'Opted back in',
};

export function threadTitle(t: Pick<SmsThread, 'name' | 'instagram' | 'phone'>) {
  return t.name || (t.instagram ? `@${t.instagram}` : formatPhoneForDisplay(t.phone));
}
