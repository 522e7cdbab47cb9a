import { randomBytes } from 'node:crypto';
import type { SmsProvider, SmsSendResult } from './sms.provider.ts';

/**
 * Development adapter: prints each message to stdout so a developer can read the code.
 * Never used in production (the config refuses it there).
 */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  constructor(private readonly write: (line: string) => void = (line) => process.stdout.write(line)) {}

  async send({ to, body }: { to: string; body: string }): Promise<SmsSendResult> {
    const providerId = `console-${randomBytes(8).toString('hex')}`;
    this.write(`\n[sms to ${to}] ${body}\n\n`);
    return { providerId, status: 'sent' };
  }
}
