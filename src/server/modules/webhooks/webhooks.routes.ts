import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden } from '#server/errors.ts';
import { TWILIO_STATUS_WEBHOOK_PATH } from '#server/providers/sms/twilio.ts';
import { applyDeliveryStatus } from '#server/modules/sms-convos/index.ts';
import { receiveInboundSms } from './inbound-sms.service.ts';
import { verifyTwilioSignature, type FormPairs } from './twilio-signature.ts';

export const TWILIO_SMS_WEBHOOK_PATH = '/api/webhooks/twilio/sms';
const FORM = 'application/x-www-form-urlencoded';
export const EMPTY_TWIML = '<Response></Response>';

const inboundSchema = z.object({
  MessageSid: z.string().trim().min(1).max(64),
  From: z.string().trim().min(1).max(40),
  To: z.string().trim().max(40).optional(),
  Body: z.string().max(10_000).default(''),
});

interface FormBody {
  pairs: FormPairs;
}

/** A delivery report (StatusCallback). ErrorCode comes with undelivered and failed. */
const statusSchema = z.object({
  MessageSid: z.string().trim().min(1).max(64),
  MessageStatus: z.string().trim().min(1).max(40),
  ErrorCode: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
});

/** For the API reference: Twilio's form, signed in X-Twilio-Signature (a bad signature is a 403). */
const signedForm = (schema: z.ZodType) => ({
  body: { contentType: FORM, schema, description: 'Twilio’s form, signed in the `X-Twilio-Signature` header.' },
  errors: [403] as const,
});

/** Twilio calls these. Nothing here is trusted until its signature checks out. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // Form bodies are parsed only in this scope, and kept as ordered pairs for the signature.
  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, { pairs: [...new URLSearchParams(body as string)] } satisfies FormBody);
  });

  /** The form's pairs, once its X-Twilio-Signature checks out; a 403 otherwise. */
  const signedPairs = (req: FastifyRequest): FormPairs => {
    const pairs = (req.body as FormBody | undefined)?.pairs;
    const header = req.headers['x-twilio-signature'];
    const signature = Array.isArray(header) ? header[0] : header;
    // The URL Twilio was given: the public origin, not whatever Host this request claims.
    const url = ctx.config.appOrigin.replace(/\/+$/, '') + req.url;
    if (!pairs || !verifyTwilioSignature(ctx.config.TWILIO_AUTH_TOKEN ?? '', url, pairs, signature)) {
      throw forbidden('Invalid signature');
    }
    return pairs;
  };

  app.post(
    TWILIO_SMS_WEBHOOK_PATH,
    { config: { access: 'public', openapi: signedForm(inboundSchema) }, schema: { description: 'Incoming SMS.' } },
    async (req, reply) => {
      const pairs = signedPairs(req);
      const parsed = inboundSchema.safeParse(Object.fromEntries(pairs));
      if (!parsed.success) throw new AppError('bad_request', 'Not an inbound message');
      await receiveInboundSms(ctx, req.actor, {
        messageSid: parsed.data.MessageSid,
        from: parsed.data.From,
        to: parsed.data.To ?? null,
        body: parsed.data.Body,
      });
      return reply.type('text/xml').send(EMPTY_TWIML);
    },
  );

  app.post(
    TWILIO_STATUS_WEBHOOK_PATH,
    {
      config: { access: 'public', openapi: signedForm(statusSchema) },
      schema: { description: 'Delivery reports for the SMS we send (Twilio StatusCallback).' },
    },
    async (req, reply) => {
      const pairs = signedPairs(req);
      const parsed = statusSchema.safeParse(Object.fromEntries(pairs));
      if (!parsed.success) throw new AppError('bad_request', 'Not a delivery report');
      await applyDeliveryStatus(ctx, {
        messageSid: parsed.data.MessageSid,
        status: parsed.data.MessageStatus.toLowerCase(),
        errorCode: parsed.data.ErrorCode ?? null,
      });
      return reply.status(204).send();
    },
  );
};
