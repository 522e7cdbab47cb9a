import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import type { Access } from '#server/context.ts';
import { createTestApp, type TestAppOptions } from '#server/test/harness.ts';

/** One route as the server declared it: what the authorization matrix and the fuzzer walk. */
export interface RecordedRoute {
  method: string;
  url: string;
  /** config.access as declared (possibly a typo: checked against the known policies). */
  access: unknown;
  /** config.impersonation.support: the reason a write is allowed while impersonating, or null. */
  impersonation: string | null;
  websocket: boolean;
  schema: { body?: ZodType; querystring?: ZodType; params?: ZodType; headers?: ZodType };
}

export const key = (r: Pick<RecordedRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;

export const knownPolicies: readonly Access[] = ['public', 'user', 'manager', 'admin'];

/**
 * Every route of every Fastify instance created while `build` runs, recorded by an onRoute hook
 * that is attached the moment the instance exists (Fastify announces new instances on the
 * `fastify.initialization` diagnostics channel), so it sees the routes of every plugin.
 */
export async function recordRoutes<T>(build: () => Promise<T>): Promise<{ result: T; routes: RecordedRoute[] }> {
  const routes: RecordedRoute[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const config = (route.config ?? {}) as { access?: unknown; impersonation?: { support?: unknown } };
      for (const method of methods) {
        routes.push({
          method: String(method).toUpperCase(),
          url: route.url,
          access: config.access,
          impersonation: config.impersonation ? String(config.impersonation.support) : null,
          websocket: (route as { websocket?: boolean }).websocket === true,
          schema: (route.schema ?? {}) as RecordedRoute['schema'],
        });
      }
    });
  };
  const init = channel('fastify.initialization');
  init.subscribe(onInit);
  try {
    const result = await build();
    return { result, routes };
  } finally {
    init.unsubscribe(onInit);
  }
}

/** A test app (see createTestApp) and its /api route table, HEAD twins of GET routes left out. */
export async function createRecordedTestApp(opts: TestAppOptions = {}) {
  const { result: t, routes } = await recordRoutes(() => createTestApp(opts));
  const seen = new Set<string>();
  const apiRoutes = routes
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.websocket)
    .filter((r) => !seen.has(key(r)) && seen.add(key(r)))
    .sort((a, b) => key(a).localeCompare(key(b)));
  return { t, routes: apiRoutes, allRoutes: routes };
}

/** Values that look real for each kind of path parameter; the first the route's schema accepts wins. */
const paramCandidates = (name: string, ids: { uuid: string; phone: string }) => {
  const byName: Record<string, string[]> = {
    id: [ids.uuid],
    userId: [ids.uuid],
    phone: [ids.phone],
    slug: ['terms'],
    certNumber: ['80412276'],
    side: ['front'],
  };
  return [...(byName[name] ?? []), ids.uuid, ids.phone, 'terms', 'abc123'];
};

/** The route's URL with valid-looking values in place of its parameters. */
export function concreteUrl(
  route: RecordedRoute,
  ids: { uuid: string; phone: string } = { uuid: '6f1c2f0e-8d5b-4c57-9a43-0b1e2d3c4f5a', phone: '+12125550199' },
) {
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  const params: Record<string, string> = {};
  for (const name of names) {
    const candidates = paramCandidates(name, ids);
    params[name] =
      candidates.find((value) => {
        if (!route.schema.params) return true;
        const shape = (route.schema.params as unknown as { shape?: Record<string, ZodType> }).shape;
        const schema = shape?.[name];
        return schema ? schema.safeParse(value).success : true;
      }) ?? candidates[0];
  }
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(params[name]));
}
