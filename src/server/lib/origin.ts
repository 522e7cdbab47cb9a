import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** scheme://host:port of a URL, or undefined when it is not one. */
export function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether the request's Origin is the app's: the configured APP_ORIGIN, or the request's own
 * scheme, host and port (so the app works at 127.0.0.1 or the machine's address too). A sibling
 * port or subdomain is another origin.
 */
export function isAppOrigin(req: FastifyRequest, config: Pick<Config, 'appOrigin'>): boolean {
  return isAppUrl(typeof req.headers.origin === 'string' ? req.headers.origin : undefined, req, config);
}

/** Whether a URL (an Origin or a Referer) belongs to the app, by the rule of isAppOrigin. */
export function isAppUrl(url: string | undefined, req: FastifyRequest, config: Pick<Config, 'appOrigin'>): boolean {
  const origin = originOf(url);
  if (!origin) return false;
  if (origin === originOf(config.appOrigin)) return true;
  return origin === originOf(`${req.protocol}://${req.host}`);
}
