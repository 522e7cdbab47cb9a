import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once. They do not vary by request here (no CSP nonces), yet the
 * Fastify wrapper builds a new Helmet, parsing every CSP directive, on each request: about 0.1 ms
 * of CPU per request (decision 123). These are set on the raw response, as Helmet sets them, so
 * replies written without Fastify carry them too.
 */
export function securityHeaders(options: HelmetOptions): [string, string | number | readonly string[]][] {
  const headers = new Map<string, string | number | readonly string[]>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  } as unknown as ServerResponse;
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return [...headers];
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
