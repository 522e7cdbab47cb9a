import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { securitySchemes, transformDocument, transformRoute } from './openapi-contract.ts';

/** Where the reference page's script is served from (outside /api: a public library file, nothing else). */
export const API_DOCS_ASSETS = '/api-reference-assets';

/**
 * The OpenAPI 3.1 document, generated from the routes' zod schemas, at /api/openapi.json, and a
 * reference page at /api/docs; both for admins only. Registered before the routes so that
 * @fastify/swagger sees every one of them.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Registry API',
        version: '1.0.0',
        description: 'The JSON API behind the web app. Every write needs the header `x-client-id: web`.',
        // SPDX's form for a licence of one's own: the API is private to the registry and its members.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: app.ctx.config.appOrigin, description: 'This instance' }],
      components: { securitySchemes },
    },
    transform: transformRoute,
    transformObject: transformDocument as never,
  });

  // Scalar's bundled script: a public library file, nothing else of its plugin is used.
  app.get(
    `${API_DOCS_ASSETS}/js/scalar.js`,
    { config: { access: 'public' }, schema: { hide: true, description: "The API reference page's script (Scalar's bundle)." } },
    async (_req, reply) => reply.type('application/javascript; charset=utf-8').send(await scalarScript()),
  );

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/openapi.json',
    {
      config: { access: 'admin' },
      schema: { hide: true, description: 'The OpenAPI 3.1 document of this API.', response: { 200: z.record(z.string(), z.unknown()) } },
    },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );

  api.get('/api/docs', { config: { access: 'admin' }, schema: { hide: true, description: 'The API reference page.' } }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(
      [
        '<!doctype html>',
        '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
        `<title>API reference</title><link rel="icon" href="/logo-mark.svg" type="image/svg+xml"></head><body>`,
        // Configured by attributes, so the page needs no inline script under the CSP.
        `<script id="api-reference" data-url="/api/openapi.json" data-configuration="${escapeAttr(JSON.stringify(referenceConfiguration))}"></script>`,
        `<script src="${API_DOCS_ASSETS}/js/scalar.js"></script>`,
        '</body></html>',
      ].join(''),
    ),
  );
}

let script: Promise<string> | null = null;

/**
 * Scalar's plugin holds its 4 MB script as a string in its module; importing it cost about 0.1 s of
 * every start, so it loads on the first request for the script and is asked for it once.
 */
function scalarScript(): Promise<string> {
  script ??= (async () => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const lib = Fastify({ logger: false });
    try {
      // The plugin serves nothing without a document; this one is never served.
      await lib.register(scalar, { routePrefix: '/', configuration: { url: '/api/openapi.json' } });
      const res = await lib.inject('/js/scalar.js');
      if (res.statusCode !== 200) throw new Error(`Scalar's plugin answered ${res.statusCode} for its script`);
      return res.body;
    } finally {
      await lib.close();
    }
  })().catch((err: unknown) => {
    script = null; // the next request tries again
    throw err;
  });
  return script;
}

/**
 * A private API description stays one click from nobody: no AI chat, no MCP generator, no
 * share/deploy toolbar, no vendor link; no fonts or telemetry from elsewhere (issue 32).
 */
export const referenceConfiguration = {
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  customCss: 'a[href^="https://www.scalar.com"]{display:none !important}',
};

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
