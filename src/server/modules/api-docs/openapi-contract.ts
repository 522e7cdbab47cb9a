import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLimitHook } from '#server/plugins/rate-limit.ts';

/**
 * What the API reference derives from each route rather than from a hand-written field on each
 * (decision 141): a stable operationId, a summary, the security its access policy asks for, and
 * the error answers the app's hooks and error handler really give.
 */

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WEBHOOK = /^\/api\/webhooks\//;

/** The operations' security: a session token in the cookie or in X-Auth-Token (plugins/auth.ts). */
export const securitySchemes = {
  session: { type: 'apiKey', in: 'cookie', name: 'session', description: 'The session cookie set at sign-in.' },
  authToken: { type: 'apiKey', in: 'header', name: 'x-auth-token', description: 'The session token, sent as a header instead of the cookie.' },
} as const;
const signedIn: Record<string, string[]>[] = [{ session: [] }, { authToken: [] }];

/** The body of every error answer (plugins/errors.ts), as the reference shows it. */
export const errorBodySchema = z
  .looseObject({
    status: z.literal('error'),
    error: z.string().describe('What went wrong, for a person to read.'),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe('Messages per input field (dotted path; `_` for the input as a whole), on 400 answers to invalid input.'),
    reason: z.string().optional().describe('A machine-readable cause the client acts on (e.g. `sms_opted_out`), when there is one.'),
  })
  .describe('An error answer. Some answers add fields the client acts on (e.g. a 409 offering to claim a certificate).');

export const errorStatuses = [400, 401, 403, 404, 409, 413, 415, 429] as const;
export type ErrorStatus = (typeof errorStatuses)[number];

/** The shared error responses (those given), each with the Error schema; a 429 also says when to retry. */
export function errorComponents(statuses: readonly ErrorStatus[] = errorStatuses) {
  const schema = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12', io: 'output' });
  delete (schema as { $schema?: string }).$schema;
  const body = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  const responses: Record<string, object> = {};
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const { name, description } = errorResponses[status];
    responses[name] = {
      description,
      content: body,
      ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } } } : {}),
    };
  }
  return { schemas: { Error: schema }, responses };
}

export const errorResponses: Record<ErrorStatus, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'Invalid input: `fieldErrors` names each field refused and why; or a body that is not well-formed.' },
  401: {
    name: 'Unauthorized',
    description: 'No live session where the route needs one, or an `X-User-Id` header naming someone other than the session’s user.',
  },
  403: {
    name: 'Forbidden',
    description:
      'Not allowed: the role the route needs is missing, a write came without `X-Client-Id: web` or from another origin, or an impersonating session tried to write.',
  },
  404: { name: 'NotFound', description: 'Nothing with that id, or nothing the caller may see.' },
  409: { name: 'Conflict', description: 'The change conflicts with the current state (e.g. a status that no longer allows it).' },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than this route accepts.' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not of a type this route reads.' },
  429: { name: 'TooManyRequests', description: 'Too many requests; `Retry-After` says when to try again.' },
};

/**
 * A stable operationId from the method and the URL alone: `GET /api/admin/loans/:id` is
 * `getAdminLoansById`. It changes only when the route's method or URL does.
 */
export function operationIdFor(method: string, url: string) {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^(?::|\{)([A-Za-z0-9_]+)\}?$/.exec(segment);
      return param ? ['by', param[1]!] : segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
    });
  const camel = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return method.toLowerCase() + camel;
}

/**
 * A short summary from the route's description: its first sentence without the full stop, cut
 * at the first colon, semicolon or parenthesis when it runs long.
 */
export function summaryFrom(description: string) {
  let s = description
    .trim()
    .split(/(?<=[.!?])\s/)[0]!
    .replace(/[.]$/, '');
  if (s.length > 60) s = s.split(/\s*[:;(]\s*|, (?=and |with |by |for |its )/)[0]!;
  return s.replace(/[.,]$/, '');
}

/** The error statuses a route can answer: from its access policy, method, input, path and hooks. */
export function errorStatusesFor(route: Pick<RouteOptions, 'url' | 'method' | 'config' | 'onRequest' | 'preHandler' | 'schema'>): ErrorStatus[] {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => String(m).toUpperCase());
  const write = methods.some((m) => WRITES.has(m));
  const webhook = WEBHOOK.test(route.url);
  const access = route.config?.access ?? 'public';
  const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown; headers?: unknown };
  const out = new Set<ErrorStatus>(route.config?.openapi?.errors ?? []);
  // Any write can carry a malformed body; input with a schema is validated (plugins/errors.ts).
  if (write || schema.body || schema.querystring || schema.params || schema.headers) out.add(400);
  // Every /api request with a token is checked against X-User-Id; signed-in routes need a session.
  out.add(401);
  // Roles, and request integrity and read-only impersonation on writes (plugins/request-integrity.ts, auth.ts).
  if (access === 'manager' || access === 'admin' || (write && !webhook)) out.add(403);
  if (/\/:[A-Za-z0-9_]+/.test(route.url)) out.add(404);
  // A body is parsed only up to the body limit and only in the types the app reads.
  if (schema.body || route.config?.openapi?.body) out.add(413).add(415);
  // A signed-in write changes state that can have moved on (transition(), duplicates, stale versions).
  if (write && !webhook && access !== 'public') out.add(409);
  if (isLimitHook(route.onRequest) || isLimitHook(route.preHandler)) out.add(429);
  return [...out].sort((a, b) => a - b);
}

/** Where the derived facts wait between the per-route transform and the whole-document pass. */
const ERRORS_KEY = 'x-error-statuses';

/** @fastify/swagger's per-route transform: zod to JSON Schema, plus what this contract derives. */
export function transformRoute(input: Parameters<typeof jsonSchemaTransform>[0]) {
  const route = (input as { route: RouteOptions }).route;
  const schema = (input.schema ?? {}) as Record<string, unknown> & { description?: string; summary?: string; hide?: boolean };
  if (schema.hide) return jsonSchemaTransform(input);
  const access = route.config?.access;
  const body = route.config?.openapi?.body;
  const derived: Record<string, unknown> = {
    ...schema,
    ...(body && !schema.body ? { body: body.description ? body.schema.describe(body.description) : body.schema, consumes: [body.contentType] } : {}),
    ...(schema.summary || !schema.description ? {} : { summary: summaryFrom(schema.description) }),
    security: access === 'public' ? [] : signedIn,
    [ERRORS_KEY]: errorStatusesFor(route),
  };
  return jsonSchemaTransform({ ...input, schema: derived as typeof input.schema });
}

type Operation = { operationId?: string; responses?: Record<string, unknown>; requestBody?: { description?: string }; [k: string]: unknown };
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
  [k: string]: unknown;
};

/**
 * @fastify/swagger's whole-document pass: operationIds (unique, or the document is not built),
 * the shared error responses, and JSON Schema the linter reads as meant.
 */
export function transformDocument({ openapiObject }: { openapiObject: Partial<Document> }) {
  const doc = openapiObject as Document;
  const seen = new Map<string, string>();
  const used = new Set<ErrorStatus>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const id = operationIdFor(method, path);
      const other = seen.get(id);
      if (other) throw new Error(`operationId ${id} is derived for both ${other} and ${method.toUpperCase()} ${path}`);
      seen.set(id, `${method.toUpperCase()} ${path}`);
      const { [ERRORS_KEY]: statuses = [], ...rest } = op as Operation & { [ERRORS_KEY]?: ErrorStatus[] };
      const answers: Record<string, unknown> = { ...op.responses };
      for (const status of statuses) {
        answers[String(status)] ??= { $ref: `#/components/responses/${errorResponses[status].name}` };
        used.add(status);
      }
      item[method] = { operationId: id, ...rest, responses: answers };
    }
  }
  const { schemas, responses } = errorComponents([...used]);
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, ...schemas },
    responses: { ...doc.components?.responses, ...responses },
  };
  completeRecordKeys(doc);
  return doc;
}

/**
 * zod writes a record keyed by an enum as `propertyNames` + `required`; the same object spelled
 * with `properties` too, so the required keys are declared properties (what readers and the
 * linter look for).
 */
function completeRecordKeys(node: unknown) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(completeRecordKeys);
  const s = node as Record<string, unknown>;
  const names = (s.propertyNames as { enum?: unknown[] } | undefined)?.enum;
  if (Array.isArray(s.required) && names && typeof s.additionalProperties === 'object' && !s.properties) {
    s.properties = Object.fromEntries(names.map((n) => [String(n), s.additionalProperties]));
  }
  for (const v of Object.values(s)) completeRecordKeys(v);
}
