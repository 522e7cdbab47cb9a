import { randomBytes } from 'node:crypto';
import { SmsSendError, type SmsProvider, type SmsSendResult } from './sms.provider.ts';

export interface SentSms {
  to: string;
  body: string;
  providerId: string;
  at: Date;
}

/** In-memory adapter for tests: keeps every message so a test can read the code that was "sent". */
export class MemorySmsProvider implements SmsProvider {
  readonly name = 'memory';
  readonly messages: SentSms[] = [];
  private failures = 0;

  async send({ to, body }: { to: string; body: string }): Promise<SmsSendResult> {
    if (this.failures > 0) {
      this.failures--;
      throw new SmsSendError('Simulated provider failure', 500);
    }
    const providerId = `MM${randomBytes(16).toString('hex')}`;
    this.messages.push({ to, body, providerId, at: new Date() });
    return { providerId, status: 'sent' };
  }

  /** The next `count` sends fail as a provider outage would. */
  failNext(count = 1) {
    this.failures = count;
  }

  messagesTo(phone: string) {
    return this.messages.filter((m) => m.to === phone);
  }

  /** The 6-digit code of the last message sent to this phone, or undefined. */
  lastCodeFor(phone: string): string | undefined {
    const last = this.messagesTo(phone).at(-1);
    return last?.body.match(/\b(\d{6})\b/)?.[1];
  }

  clear() {
    this.messages.length = 0;
  }
}
