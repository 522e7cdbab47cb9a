import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordedTestApp, type RecordedRoute } from '#server/test/security/route-table.ts';
import { signedInAdmin, signedInMember } from '#server/test/factories.ts';
import type { TestApp } from '#server/test/harness.ts';

type Doc = { openapi: string; paths: Record<string, Record<string, { description?: string; summary?: string }>> };

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
    // Scalar's own page and document routes are not exposed.
    expect((await t.app.inject({ method: 'GET', url: src.replace(/\/js\/.*/, '') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: src.replace(/\/js\/.*/, '/openapi.json') })).statusCode).toBe(404);
  });
});
