import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '#server/errors.ts';

export interface ErrorBody {
  status: 'error';
  error: string;
  fieldErrors?: Record<string, string[]>;
  /** A machine-readable cause the client acts on (e.g. sms_opted_out), when there is one. */
  reason?: string;
  [extra: string]: unknown;
}

/** The error and its causes (Drizzle wraps driver errors in a DrizzleQueryError whose cause is the real one). */
const chain = (err: unknown): Array<{ code?: string; message?: string }> => {
  const out: Array<{ code?: string; message?: string }> = [];
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined; e && out.length < 5; e = e.cause as typeof e) out.push(e);
  return out;
};

const isDatabaseDown = (err: unknown) =>
  chain(err).some(
    ({ code = '', message = '' }) =>
      ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', '57P01', '57P02', '57P03', '08006', '08003', '08001'].includes(code) ||
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|PGlite is closed/i.test(message),
  );

/** PostgreSQL refused a value (class 22, data exception: a NUL byte, a lone surrogate in JSON, a number out of range). */
const isRejectedValue = (err: unknown) => chain(err).some(({ code = '' }) => /^22[0-9A-Z]{3}$/.test(code));

const clientAborted = (raw: IncomingMessage, err: { code?: string; message?: string }) =>
  raw.readableAborted || (raw.destroyed && !raw.complete) || (err.code === 'ECONNRESET' && err.message === 'aborted');

/** One error handler: field errors for bad input, typed errors by status, 5xx without internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const v of err.validation) {
        const path =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') || '_';
        (fieldErrors[path] ??= []).push(v.message ?? 'Invalid value');
      }
      const first = Object.values(fieldErrors)[0]?.[0] ?? 'Invalid request';
      return reply.status(400).send({ status: 'error', error: first, fieldErrors } satisfies ErrorBody);
    }
    if (err instanceof AppError) {
      if (err.details?.retryAfterSeconds) reply.header('Retry-After', String(err.details.retryAfterSeconds));
      return reply.status(err.statusCode).send({
        ...err.details?.extra,
        status: 'error',
        error: err.message,
        fieldErrors: err.details?.fieldErrors,
        reason: err.details?.reason,
      } satisfies ErrorBody);
    }
    // The client went away mid-request (Node reports it as ECONNRESET 'aborted'): not our fault,
    // and nothing to do with the database.
    if (clientAborted(req.raw, err)) {
      req.log.info({ code: (err as { code?: string }).code, reason: err.message }, 'request aborted by the client');
      return reply.status(400).send({ status: 'error', error: 'Request aborted' } satisfies ErrorBody);
    }
    if (isRejectedValue(err)) {
      return reply.status(400).send({ status: 'error', error: 'Invalid input' } satisfies ErrorBody);
    }
    if (isDatabaseDown(err)) {
      req.log.warn(
        {
          err: {
            code: chain(err)
              .map((e) => e.code)
              .filter(Boolean)
              .join(' < '),
            message: chain(err).at(-1)?.message,
          },
        },
        'database unavailable',
      );
      reply.header('Retry-After', '5');
      return reply.status(503).send({ status: 'error', error: 'Service temporarily unavailable' } satisfies ErrorBody);
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ status: 'error', error: 'Something went wrong' } satisfies ErrorBody);
    }
    if (status === 429 && reply.getHeader('retry-after') === undefined) reply.header('Retry-After', '60');
    // Fastify's own 4xx (bad JSON, body too large, wrong content type): keep the message, never internals.
    return reply.status(status).send({ status: 'error', error: publicMessage(status, err) } satisfies ErrorBody);
  });
}

function publicMessage(status: number, err: FastifyError) {
  if (status === 413) return 'Payload too large';
  if (status === 415) return 'Unsupported media type';
  if (status === 429) return err.message || 'Too many requests';
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'Malformed JSON body';
  return err.message && err.message.length < 200 ? err.message : 'Bad request';
}
