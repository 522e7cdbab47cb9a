import type { FastifyInstance } from 'fastify';
import { CLIENT_ID, CLIENT_ID_HEADER } from '#common/auth.ts';
import type { Config } from '#server/config.ts';
import { forbidden } from '#server/errors.ts';
import { isAppOrigin, isAppUrl } from '#server/lib/origin.ts';

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Called by outside services that prove themselves with a signature instead. */
const exempt = /^\/api\/webhooks\//;

/**
 * A state-changing /api request must come from the app: Origin (or Referer when a browser sent
 * no Origin) is the app's, and the spec's client header is there. A cross-site form cannot set a
 * custom header, and a page on a sibling port or subdomain is another origin, so neither can
 * write with a member's cookie. Without Origin or Referer the caller is not a browser page, and
 * the client header alone lets it through.
 */
export function registerRequestIntegrity(app: FastifyInstance, config: Config) {
  app.addHook('onRequest', async (req) => {
    if (!writes.has(req.method)) return;
    const path = req.url.split('?')[0];
    if (!path.startsWith('/api/') || exempt.test(path)) return;
    if (req.headers[CLIENT_ID_HEADER] !== CLIENT_ID) {
      const beacon = req.routeOptions.config?.beacon === true && req.headers.origin !== undefined && isAppOrigin(req, config);
      if (!beacon) throw forbidden('Requests must come from the app');
      return;
    }
    if (req.headers.origin !== undefined) {
      if (!isAppOrigin(req, config)) throw forbidden('Requests must come from the app');
      return;
    }
    if (req.headers.referer !== undefined && !isAppUrl(req.headers.referer, req, config)) {
      throw forbidden('Requests must come from the app');
    }
  });
}
