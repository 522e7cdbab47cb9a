import type { FastifyRequest } from 'fastify';

/** `scheme://host[:port]` with default ports dropped, or null for anything that is not an http(s) origin. */
function normalize(value: string): string | null {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether the request's Origin is the app's own: the configured APP_ORIGIN, or the scheme, host
 * and port the request itself was sent to (so the app works at 127.0.0.1 or the machine's
 * address too). Forwarded host and scheme count only from trusted proxies: Fastify's
 * req.protocol and req.host honour them only under trustProxy. A missing or opaque Origin is no match.
 */
export function isAppOrigin(req: FastifyRequest, config: { appOrigin: string }): boolean {
  const header = req.headers.origin;
  if (typeof header !== 'string' || header === 'null') return false;
  const origin = normalize(header);
  if (!origin) return false;
  if (origin === normalize(config.appOrigin)) return true;
  if (!req.host) return false;
  return origin === normalize(`${req.protocol}://${req.host}`);
}
