import type { FastifyRequest } from 'fastify';
import { stdSerializers, type LoggerOptions } from 'pino';

/**
 * A shared-card link's token is a bearer secret: whoever has it sees the card. It travels in the
 * path (/shared/{token}, /api/shared/{token}, /api/shared/{token}/images/{side}), so it would land
 * in every request log line and in any error that quotes a URL.
 */
const SHARE_TOKEN_IN_PATH = /(\/shared\/)[^/?#\s"'<>\\]+/g;

export const REDACTED = '[redacted]';

/** The text with every share-link token in a path replaced by [redacted]. */
export function redactPathSecrets(text: string): string {
  return text.includes('/shared/') ? text.replace(SHARE_TOKEN_IN_PATH, `$1${REDACTED}`) : text;
}

/** Fastify's request serializer, with the URL redacted. */
function req(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactPathSecrets(request.url ?? ''),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino's error serializer, with the message and stack redacted. */
function err(error: Error) {
  const out = stdSerializers.err(error) as ReturnType<typeof stdSerializers.err> & Record<string, unknown>;
  for (const key of ['message', 'stack'] as const) if (typeof out[key] === 'string') out[key] = redactPathSecrets(out[key]);
  return out;
}

/**
 * Logger settings that keep share tokens out of the log: the request and error serializers, the
 * message text, and any top-level string field of a logged object (a `path`, a `url`).
 */
export const logRedaction = {
  serializers: { req, err },
  hooks: {
    logMethod(args: unknown[], method: (...a: unknown[]) => void) {
      method.apply(
        this,
        args.map((a) => (typeof a === 'string' ? redactPathSecrets(a) : a)),
      );
    },
  },
  formatters: {
    log(object: Record<string, unknown>) {
      for (const [key, value] of Object.entries(object)) if (typeof value === 'string') object[key] = redactPathSecrets(value);
      return object;
    },
  },
} satisfies Pick<LoggerOptions, 'serializers' | 'hooks' | 'formatters'>;
