import type { AppContext } from '#server/context.ts';
import { smsMessages } from '#server/db/schema/sms.ts';

export interface SendSmsInput {
  to: string;
  body: string;
  /** Why it was sent, e.g. `otp`, `access_request_approved`, `manual`. */
  purpose: string;
  /** The staff member who sent it by hand, if any. */
  sentBy?: string | null;
  /** A secret inside the body (a one-time code) that must not be stored. */
  secret?: string;
}

export const REDACTED = '••••••';

/** The body as it may be stored: secrets masked, and any 6-digit code in an OTP message too. */
export function redactBody(body: string, purpose: string, secret?: string): string {
  let out = secret ? body.split(secret).join(REDACTED) : body;
  if (purpose === 'otp') out = out.replace(/\b\d{4,8}\b/g, REDACTED);
  return out;
}

/**
 * Sends one SMS through the configured provider and records it in sms_messages.
 * A provider failure is recorded with status 'failed' and reported in the result, not thrown.
 */
export async function sendSms(ctx: Pick<AppContext, 'db' | 'sms' | 'clock'>, input: SendSmsInput) {
  let providerId: string | null = null;
  let status: string;
  let error: string | null = null;
  try {
    const res = await ctx.sms.send({ to: input.to, body: input.body });
    providerId = res.providerId;
    status = res.status;
  } catch (err) {
    status = 'failed';
    error = ((err as Error).message || 'Unknown provider error').slice(0, 500);
  }
  const [row] = await ctx.db
    .insert(smsMessages)
    .values({
      direction: 'outbound',
      phone: input.to,
      body: redactBody(input.body, input.purpose, input.secret),
      purpose: input.purpose,
      provider: ctx.sms.name,
      providerId,
      status,
      error,
      sentBy: input.sentBy ?? null,
      createdAt: ctx.clock.now(),
    })
    .returning({ id: smsMessages.id });
  return { id: row.id, providerId, status, error, ok: status !== 'failed' };
}
