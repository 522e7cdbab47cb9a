import type { Config } from '#server/config.ts';
import { ConsoleSmsProvider } from './console.ts';
import { TWILIO_STATUS_WEBHOOK_PATH, TwilioSmsProvider } from './twilio.ts';

export interface SmsSendResult {
  /** The provider's message id (Twilio's `SM…` sid), when it gives one. */
  providerId: string | null;
  /** The provider's status for the message, e.g. `queued`, `sent`. */
  status: string;
}

/** Outbound SMS, behind one small interface so tests and development need no real provider. */
export interface SmsProvider {
  readonly name: string;
  send(message: { to: string; body: string }): Promise<SmsSendResult>;
}

/** A provider that answered with an error; the message is safe to log (no message body). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    public readonly providerStatus?: number,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export function createSmsProvider(config: Config): SmsProvider {
  switch (config.SMS_PROVIDER) {
    case 'twilio':
      return new TwilioSmsProvider({
        apiUrl: config.TWILIO_API_URL,
        accountSid: config.TWILIO_ACCOUNT_SID!,
        authToken: config.TWILIO_AUTH_TOKEN!,
        from: config.TWILIO_FROM_NUMBER!,
        statusCallbackUrl: config.appOrigin.replace(/\/+$/, '') + TWILIO_STATUS_WEBHOOK_PATH,
      });
    case 'console':
      if (config.NODE_ENV === 'production') throw new Error('The console SMS provider is refused in production');
      return new ConsoleSmsProvider();
  }
}
