import { twilioErrorLabels, type SmsMessage, type SmsThread } from '#common/sms-convos.ts';
import { formatDate } from '#web/lib/dates.ts';
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

export type DeliveryTone = 'pending' | 'sent' | 'delivered' | 'failed';

/** How far an outbound message got, as the provider reported it; null for inbound messages. */
export function deliveryState(m: Pick<SmsMessage, 'direction' | 'status' | 'errorCode'>): { tone: DeliveryTone; label: string } | null {
  if (m.direction !== 'outbound') return null;
  switch (m.status) {
    case 'delivered':
    case 'read':
      return { tone: 'delivered', label: 'Delivered' };
    case 'sent':
      return { tone: 'sent', label: 'Sent' };
    case 'undelivered':
    case 'failed': {
      const why = m.errorCode ? `${m.errorCode}${twilioErrorLabels[m.errorCode] ? ` ${twilioErrorLabels[m.errorCode]}` : ''}` : null;
      return { tone: 'failed', label: why ? `Not delivered (${why})` : 'Not delivered' };
    }
    case 'canceled':
      return { tone: 'failed', label: 'Canceled' };
    case 'sending':
      return { tone: 'pending', label: 'Sending' };
    default:
      return { tone: 'pending', label: 'Queued' };
  }
}
