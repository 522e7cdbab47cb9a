import type { FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';

/** `scheme://host[:port]` with default ports dropped, or undefined for anything that is not an http(s) origin. */
export function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the request's Origin is the app's own. In production that is the configured APP_ORIGIN
 * and nothing else: the request's Host (or a forwarded host) is what the client says it is, so a
 * name that reaches the server under another host (a raw address, a stale DNS name, a proxy that
 * passes any host) is no app origin. Elsewhere the scheme, host and port the request itself was
 * sent to count too, so the app works at 127.0.0.1 or the machine's address in development;
 * forwarded host and scheme count only from trusted proxies (Fastify's req.protocol and req.host
 * honour them only under trustProxy). A missing or opaque Origin, a sibling port or a sibling
 * subdomain is no match.
 */
export function isAppOrigin(req: FastifyRequest, config: Pick<Config, 'appOrigin' | 'NODE_ENV'>): boolean {
  return isAppUrl(typeof req.headers.origin === 'string' ? req.headers.origin : undefined, req, config);
}

/** Whether a URL (an Origin or a Referer) belongs to the app, by the rule of isAppOrigin. */
export function isAppUrl(url: string | undefined, req: FastifyRequest, config: Pick<Config, 'appOrigin' | 'NODE_ENV'>): boolean {
  if (url === 'null') return false;
  const origin = originOf(url);
  if (!origin) return false;
  if (origin === originOf(config.appOrigin)) return true;
  if (config.NODE_ENV === 'production' || !req.host) return false;
  return origin === originOf(`${req.protocol}://${req.host}`);
}
