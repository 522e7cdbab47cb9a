import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordedTestApp, type RecordedRoute } from '#server/test/security/route-table.ts';
import { signedInAdmin, signedInMember } from '#server/test/factories.ts';
import type { TestApp } from '#server/test/harness.ts';
import { appModules } from '#server/app.ts';
import { z } from 'zod';
import { operationIdFor } from './openapi-contract.ts';

type Operation = {
  description?: string;
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }> } }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: { $ref?: string } }> }>;
};
type Doc = {
  openapi: string;
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object>; responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> };
};

let t: TestApp;
let routes: RecordedRoute[];
let doc: Doc;
let admin: { headers: Record<string, string> };
beforeAll(async () => {
  ({ t, routes } = (await createRecordedTestApp({ seedDemo: false })) as unknown as { t: TestApp; routes: RecordedRoute[] });
  admin = await signedInAdmin(t);
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: admin.headers });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

/** Fastify's `/api/x/:id` as OpenAPI's `/api/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const hidden = new Set(['/api/openapi.json', '/api/docs']);

describe('API reference', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const parsed = await SwaggerParser.validate(structuredClone(doc) as never);
    expect(Object.keys(parsed.paths ?? {}).length).toBeGreaterThan(50);
  });

  it('documents every API route, each with a description', () => {
    const api = routes.filter((r) => r.url.startsWith('/api/') && !r.websocket && r.method !== 'HEAD' && !hidden.has(r.url));
    expect(api.length).toBeGreaterThan(50);
    const missing = api.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes missing from the document').toEqual([]);
    const undescribed = api
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]?.description?.trim())
      .map((r) => `${r.method} ${r.url}`);
    expect(undescribed, 'routes without a description').toEqual([]);
  });

  it('gives every route with input a zod schema for it', () => {
    const api = routes.filter((r) => r.url.startsWith('/api/') && !r.websocket && r.method !== 'HEAD');
    const noParams = api.filter((r) => r.url.includes(':') && !r.schema.params).map((r) => `${r.method} ${r.url}`);
    expect(noParams, 'path parameters without a schema').toEqual([]);
  });

  it('is for admins only, page and document', async () => {
    const member = await signedInMember(t);
    for (const url of ['/api/openapi.json', '/api/docs']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: member.headers })).statusCode, url).toBe(403);
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/docs', headers: admin.headers });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('data-url="/api/openapi.json"');
    // No AI chat, MCP generator, share/deploy toolbar or vendor link; the app's own icon.
    const config = JSON.parse(
      /data-configuration="([^"]+)"/
        .exec(page.body)![1]!
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&amp;/g, '&'),
    );
    expect(config).toMatchObject({ agent: { disabled: true }, mcp: { disabled: true }, showDeveloperTools: 'never', telemetry: false });
    expect(config.customCss).toContain('scalar.com');
    expect(page.body).toContain('<link rel="icon" href="/logo-mark.svg"');
    // The page runs under the app's CSP: no inline script, its one script same-origin.
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    const src = /<script src="([^"]+)"/.exec(page.body)![1]!;
    const js = await t.app.inject({ method: 'GET', url: src });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
    expect(js.body).toContain('createApiReference'); // Scalar's bundle, loaded on this first request
    // Scalar's own page and document routes are not exposed.
    expect((await t.app.inject({ method: 'GET', url: src.replace(/\/js\/.*/, '') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: src.replace(/\/js\/.*/, '/openapi.json') })).statusCode).toBe(404);
  });

  describe('the contract outside tools read (decision 141)', () => {
    const operations = () =>
      Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => ({ path, method, op, key: `${method.toUpperCase()} ${path}` })),
      );

    it('gives every operation a unique operationId derived from its method and path, a summary and its module as tag', () => {
      const ops = operations();
      expect(ops.length).toBeGreaterThan(50);
      const ids = ops.map((o) => o.op.operationId);
      expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length);
      expect(ops.filter((o) => o.op.operationId !== operationIdFor(o.method, o.path)).map((o) => o.key)).toEqual([]);
      // Stable: the ids clients generate code from do not move (these are published).
      expect(doc.paths['/api/admin/loans/{id}']?.patch?.operationId).toBe('patchAdminLoansById');
      expect(doc.paths['/api/cards/{id}/images']?.post?.operationId).toBe('postCardsByIdImages');
      expect(ops.filter((o) => !o.op.summary?.trim() || o.op.summary.length > 70).map((o) => o.key)).toEqual([]);
      const modules = new Set(appModules.map((m) => m.name));
      expect(ops.filter((o) => !o.op.tags?.length || !o.op.tags.every((t) => modules.has(t))).map((o) => o.key)).toEqual([]);
      expect(doc.paths['/api/admin/loans']?.get?.tags).toEqual(['lending']);
      expect(doc.paths['/api/webhooks/stripe']?.post?.tags).toEqual(['money']);
      expect(doc.paths['/api/webhooks/twilio/sms']?.post?.tags).toEqual(['webhooks']);
    });

    it('declares each operation’s security from its access policy: none for public routes, the session otherwise', () => {
      const api = routes.filter((r) => r.url.startsWith('/api/') && !r.websocket && !hidden.has(r.url));
      const wrong = api.filter((r) => {
        const security = doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]?.security;
        const expected = r.access === 'public' ? [] : [{ session: [] }, { authToken: [] }];
        return JSON.stringify(security) !== JSON.stringify(expected);
      });
      expect(wrong.map((r) => `${r.method} ${r.url} (${String(r.access)})`)).toEqual([]);
      expect(api.some((r) => r.access === 'public')).toBe(true);
    });

    it('documents 4xx answers on every operation, each the shared Error schema', () => {
      const errorRef = '#/components/schemas/Error';
      const bad = operations().filter(({ op }) => {
        const fourXx = Object.entries(op.responses).filter(([status]) => /^4\d\d$/.test(status));
        if (!fourXx.length) return true;
        return fourXx.some(([, r]) => {
          const resolved = r.$ref ? doc.components.responses[r.$ref.replace('#/components/responses/', '')] : r;
          return resolved?.content?.['application/json']?.schema.$ref !== errorRef;
        });
      });
      expect(bad.map((o) => o.key)).toEqual([]);
      const admin = doc.paths['/api/admin/loans/{id}']!.patch!.responses;
      expect(Object.keys(admin).filter((s) => s.startsWith('4'))).toEqual(['400', '401', '403', '404', '409', '413', '415']);
      // Rate-limited routes say so: by their limit hook, or as declared.
      expect(doc.paths['/api/verify-otp']!.post!.responses['429']).toBeDefined();
      expect(doc.paths['/api/send-otp']!.post!.responses['429']).toBeDefined();
      expect(doc.paths['/api/cards']!.get!.responses['429']).toBeUndefined();
    });

    it('describes the error body the app really sends', async () => {
      const errorBody = z.fromJSONSchema(doc.components.schemas.Error as never);
      const invalid = await t.app.inject({ method: 'POST', url: '/api/send-otp', payload: { phone: 12 } });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().fieldErrors).toBeDefined();
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/cards' });
      const missing = await t.app.inject({ method: 'GET', url: '/api/admin/loans/6f1c2f0e-8d5b-4c57-9a43-0b1e2d3c4f5a', headers: admin.headers });
      const noClient = await t.rawInject({ method: 'POST', url: '/api/request-access', payload: {} });
      expect([anonymous.statusCode, missing.statusCode, noClient.statusCode]).toEqual([401, 404, 403]);
      for (const res of [invalid, anonymous, missing, noClient]) expect(errorBody.safeParse(res.json()).error, res.body).toBeUndefined();
      expect(errorBody.safeParse({ status: 'success' }).success).toBe(false);
    });

    it('describes the multipart and webhook bodies the routes read themselves', () => {
      const upload = (path: string, fields: string[], files: string[]) => {
        const schema = doc.paths[path]!.post!.requestBody!.content['multipart/form-data']!.schema;
        expect(Object.keys(schema.properties ?? {}).sort()).toEqual([...fields, ...files].sort());
        for (const f of files) expect(schema.properties![f]!.format, `${path} ${f}`).toBe('binary');
      };
      upload('/api/user/kyc/documents', ['type'], ['file']);
      upload('/api/cards/{id}/images', ['side'], ['file']);
      upload('/api/cert-claims', ['grader', 'certNumber', 'message'], ['front', 'back']);
      for (const path of ['/api/webhooks/twilio/sms', '/api/webhooks/twilio/status'])
        expect(doc.paths[path]!.post!.requestBody!.content['application/x-www-form-urlencoded']!.schema.properties).toHaveProperty('MessageSid');
      expect(doc.paths['/api/webhooks/stripe']!.post!.requestBody!.content['application/json']!.schema.properties).toHaveProperty('type');
    });

    it('names the app’s origin as its server', () => {
      expect(doc.servers).toEqual([{ url: t.config.appOrigin, description: 'This instance' }]);
    });
  });
});
