import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  sendManualSmsResponseSchema,
  sendManualSmsSchema,
  smsThreadSchema,
  smsThreadsQuerySchema,
  smsThreadsResponseSchema,
  threadPhoneSchema,
} from '#common/sms-convos.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { getThread, listThreads, sendManualSms } from './sms-convos.service.ts';

const threadParams = z.object({ phone: threadPhoneSchema });

export const smsConvosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/admin/sms/threads',
    {
      config: { access: 'admin' },
      schema: { description: 'SMS conversations, newest first.', querystring: smsThreadsQuerySchema, response: { 200: smsThreadsResponseSchema } },
    },
    async (req) => listThreads(ctx, signedInActor(req), req.query),
  );

  app.get(
    '/api/admin/sms/threads/:phone',
    {
      config: { access: 'admin' },
      schema: { description: 'The messages exchanged with one phone.', params: threadParams, response: { 200: smsThreadSchema } },
    },
    async (req) => getThread(ctx, signedInActor(req), { phone: req.params.phone }),
  );

  app.post(
    '/api/admin/sms/threads/:phone',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Send an SMS to a phone.',
        params: threadParams,
        body: sendManualSmsSchema,
        response: { 201: sendManualSmsResponseSchema },
      },
    },
    async (req, reply) => {
      const message = await sendManualSms(ctx, signedInActor(req), { phone: req.params.phone, body: req.body.body });
      return reply.status(201).send({ message });
    },
  );
};
