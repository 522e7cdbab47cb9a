import { SmsSendError, type SmsProvider, type SmsSendResult } from './sms.provider.ts';

/** Where Twilio reports on each message we send (StatusCallback), under the app's public origin. */
export const TWILIO_STATUS_WEBHOOK_PATH = '/api/webhooks/twilio/status';

export interface TwilioOptions {
  /** https://api.twilio.com in production; a local fake server in tests. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** The full URL Twilio posts delivery reports to; none, no reports. */
  statusCallbackUrl?: string;
  timeoutMs?: number;
}

/** Twilio Programmable Messaging: POST /2010-04-01/Accounts/{Sid}/Messages.json. */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';
  constructor(private readonly opts: TwilioOptions) {}

  async send({ to, body }: { to: string; body: string }): Promise<SmsSendResult> {
    const { apiUrl, accountSid, authToken, from, statusCallbackUrl } = this.opts;
    const url = `${apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams({ To: to, From: from, Body: body, ...(statusCallbackUrl ? { StatusCallback: statusCallbackUrl } : {}) }).toString(),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new SmsSendError(`Twilio unreachable: ${(err as Error).name}`);
    }
    const json = (await res.json().catch(() => null)) as { sid?: string; status?: string; code?: number; message?: string } | null;
    if (!res.ok) {
      // Twilio's error message describes the request (e.g. an invalid To), never our message body.
      const detail = json?.code ? ` (code ${json.code}${json.message ? `: ${json.message}` : ''})` : '';
      throw new SmsSendError(`Twilio answered ${res.status}${detail}`, res.status);
    }
    if (!json?.sid) throw new SmsSendError('Twilio answered without a message sid', res.status);
    return { providerId: json.sid, status: json.status ?? 'queued' };
  }
}
