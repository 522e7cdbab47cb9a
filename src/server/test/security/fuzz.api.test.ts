/**
 * security: fuzz. Every route of the server's route table gets schema-derived random payloads,
 * near misses, garbage, wrong content types, huge strings and prototype-pollution keys, with and
 * without a session, through app.inject. Never a 5xx; never a stack trace or SQL text in a body.
 *
 * FUZZ_SEED=<n> replays a run; FUZZ_RUNS=<n> sets the runs per route and caller (default 20).
 */
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { accessRequests, users } from '#server/db/schema/users.ts';
import { cards } from '#server/db/schema/cards.ts';
import { shareLinks } from '#server/db/schema/share-links.ts';
import { hunts, sources } from '#server/db/schema/hunts.ts';
import { signIn, type SignedIn } from '#server/test/harness.ts';
import { startFakePsa } from '#server/test/fake-psa.ts';
import { LEAK } from './leaks.ts';
import { contentTypes, fromJsonSchema, garbageJson, jsonSchemaOf, nearMiss, pollutionBodies, rawGarbage } from './arbitraries.ts';
import { createRecordedTestApp, key, type RecordedRoute } from './route-table.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);

type Who = 'anonymous' | 'member' | 'admin';
const whos: Who[] = ['anonymous', 'member', 'admin'];
const phoneOf: Record<Exclude<Who, 'anonymous'>, string> = { member: '+12125550103', admin: '+12125550101' };

const sessions = new Map<Who, SignedIn>();
const ids = { victim: '', request: '', card: '', shareLink: '', shareToken: '', hunt: '', source: '' };

async function session(who: Who) {
  if (who === 'anonymous') return undefined;
  let s = sessions.get(who);
  if (s && (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: s.headers })).statusCode !== 200) s = undefined;
  if (!s) {
    s = await signIn(t, phoneOf[who]);
    sessions.set(who, s);
  }
  return s;
}

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function paramValue(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      ids.victim,
      ids.request,
      ids.card,
      ids.shareLink,
      ids.shareToken,
      ids.hunt,
      ids.source,
      '80412276',
      '+12125550103',
      '+12125550104',
      'terms',
      'privacy',
      'cookies',
    ),
    fc.uuid(),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom('..', '%00', "1' OR 1=1--", '00000000-0000-0000-0000-000000000000', 'x'.repeat(300), '-1', 'null'),
  );
}

function queryString(route: RecordedRoute): fc.Arbitrary<string> {
  const schema = jsonSchemaOf(route.schema.querystring);
  const fromSchema = fromJsonSchema(schema).map((v) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {}));
  const garbage = fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constant('x'.repeat(5000))), {
    maxKeys: 4,
  });
  return fc
    .oneof(fc.constant({}), fromSchema, garbage, fc.constant({ page: '-1' }), fc.constant({ page: '1e99', q: "'; select pg_sleep(1); --" }))
    .map((q) => {
      const sp = new URLSearchParams();
      for (const [k, v] of Object.entries(q)) sp.append(k, typeof v === 'string' ? v : JSON.stringify(v));
      const s = sp.toString();
      return s ? `?${s}` : '';
    });
}

type Body = { payload?: string; contentType?: string };

function bodies(route: RecordedRoute): fc.Arbitrary<Body> {
  const schema = jsonSchemaOf(route.schema.body);
  const json = (arb: fc.Arbitrary<unknown>) => arb.map((v): Body => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' }));
  const huge = fc.constantFrom(200_000, 1_100_000).map((n): Body => ({
    payload: JSON.stringify(Object.fromEntries(Object.keys(schema?.properties ?? { a: 1 }).map((k) => [k, 'x'.repeat(n)]))),
    contentType: 'application/json',
  }));
  return fc.oneof(
    { weight: 4, arbitrary: json(fromJsonSchema(schema)) },
    { weight: 3, arbitrary: json(nearMiss(schema)) },
    { weight: 2, arbitrary: json(garbageJson) },
    { weight: 2, arbitrary: fc.record({ payload: rawGarbage, contentType: contentTypes }) },
    { weight: 1, arbitrary: fc.record({ payload: pollutionBodies, contentType: fc.constant('application/json') }) },
    { weight: 1, arbitrary: huge },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
  );
}

function requests(route: RecordedRoute, s: SignedIn | undefined): fc.Arbitrary<InjectOptions> {
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  const params = fc.tuple(...names.map(() => paramValue()));
  const credentials = fc.oneof(
    { weight: 5, arbitrary: fc.constant<Record<string, string>>(s?.headers ?? {}) },
    {
      weight: 1,
      arbitrary: fc.record({
        'x-auth-token': fc.oneof(fc.string({ maxLength: 80 }), fc.constant(s?.token ?? 'x')),
        'x-user-id': fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
        cookie: fc.string({ maxLength: 80 }).map((v) => `session=${v.replace(/[\r\n;]/g, '')}`),
      }),
    },
  );
  return fc
    .record({
      params,
      query: queryString(route),
      body: HAS_BODY.has(route.method) ? bodies(route) : fc.constant<Body>({}),
      credentials,
      ip: fc.ipV4(),
    })
    .map(({ params, query, body, credentials, ip }) => {
      let i = 0;
      const url = route.url.replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(params[i++] ?? 'x')) + query;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(credentials)) if (/^[\t\x20-\x7e]*$/.test(v)) headers[k] = v;
      if (body.contentType) headers['content-type'] = body.contentType;
      return { method: route.method as InjectOptions['method'], url, headers, payload: body.payload, remoteAddress: ip };
    });
}

// The app and its route table are built while the file is collected, so that each route is a test of its own.
// PSA look-ups go to the local fake, as they would go to PSA in production.
const psa = await startFakePsa();
const { t, routes } = await createRecordedTestApp({ env: { PSA_API_URL: psa.url, PSA_API_TOKEN: psa.token } });

beforeAll(async () => {
  const [victim] = await t.db.insert(users).values({ phone: '+12125550166', name: 'Fuzz Target' }).returning({ id: users.id });
  const [request] = await t.db
    .insert(accessRequests)
    .values({ phone: '+12125550167', instagram: 'fuzz', termsAccepted: true, privacyAccepted: true })
    .returning({ id: accessRequests.id });
  ids.victim = victim.id;
  ids.request = request.id;
  // A real card of the demo member's, so card routes are fuzzed past their not-found answer.
  const [card] = await t.db
    .select({ id: cards.id })
    .from(cards)
    .innerJoin(users, eq(users.id, cards.ownerId))
    .where(eq(users.phone, phoneOf.member))
    .limit(1);
  ids.card = card.id;
  // A live seeded share link, so the public shared-card routes are fuzzed past their not-found answer.
  const [link] = await t.db.select({ id: shareLinks.id, token: shareLinks.token }).from(shareLinks).where(isNull(shareLinks.revokedAt)).limit(1);
  ids.shareLink = link.id;
  ids.shareToken = link.token;
  // A demo hunt on the board and a demo offer, so hunt and source routes get past their not-found answer.
  ids.hunt = (await t.db.select({ id: hunts.id }).from(hunts).where(eq(hunts.status, 'active')).limit(1))[0]!.id;
  ids.source = (await t.db.select({ id: sources.id }).from(sources).where(eq(sources.status, 'pending')).limit(1))[0]!.id;
  console.log(`fuzz: ${routes.length} routes × ${whos.length} callers × ${RUNS} runs, FUZZ_SEED=${SEED}`);
});
afterAll(async () => {
  await t?.close();
  await psa.close();
});

describe('security: fuzz every route', () => {
  it('the fuzzer has the real route table', () => {
    expect(routes.map(key)).toEqual(expect.arrayContaining(['POST /api/send-otp', 'PATCH /api/user/profile', 'GET /api/admin/users']));
  });

  it.each(routes.map((r) => [key(r), r] as const))(
    '%s: never a 5xx, never a stack trace or SQL text, with or without a session',
    { timeout: 120_000 },
    async (_name, route) => {
      for (const who of whos) {
        const s = await session(who);
        await fc.assert(
          fc.asyncProperty(requests(route, s), async (req) => {
            const res = await t.app.inject(req);
            const what = `${req.method} ${String(req.url).slice(0, 200)} as ${who} → ${res.statusCode}: ${res.body.slice(0, 300)}`;
            if (res.statusCode >= 500) throw new Error(`5xx: ${what}`);
            if (LEAK.test(res.body)) throw new Error(`internals in the body: ${what}`);
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      }
      await t.idle();
    },
  );

  it('the leak detector recognises what it must (so the property above can fail)', () => {
    expect(LEAK.test('Error: boom\n    at handler (/work/main/src/server/app.ts:10:5)')).toBe(true);
    expect(LEAK.test('syntax error at or near "FROM"')).toBe(true);
    expect(LEAK.test('relation "users" does not exist')).toBe(true);
    expect(LEAK.test('update "users" set "name" = $1'.toUpperCase())).toBe(true);
    expect(LEAK.test('{"status":"error","error":"Invalid request"}')).toBe(false);
  });
});
