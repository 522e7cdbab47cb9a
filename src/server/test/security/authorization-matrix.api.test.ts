/**
 * security: authorization matrix. Walks the server's own route table: every /api route is called
 * as anonymous, member, manager, admin and an admin impersonating a member or a manager, and the
 * answer must be what the route declares (config.access, config.impersonation; see policy.ts).
 * Impersonation is read-only: a write in an impersonated session is a 403 unless the route is one
 * of the support exceptions listed in policy.ts.
 * Routes added later are picked up without touching this file.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '#server/modules/webhooks/index.ts';
import { createAdmin, createManager, createMember, uniquePhone } from '#server/test/factories.ts';
import { startFakePsa, type FakePsa } from '#server/test/fake-psa.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '#server/test/harness.ts';
import { callers, expectedOutcome, impersonationExceptions, outcomeOf, writeMethods, type Caller } from './policy.ts';
import { concreteUrl, createRecordedTestApp, key, knownPolicies, type RecordedRoute } from './route-table.ts';

let ADMIN: string;
let MANAGER: string;
let MEMBER: string;
let OTHER_MEMBER: string;
const TWILIO_TOKEN = 'matrix-twilio-auth-token';

/**
 * Routes with a gate of their own on top of their access policy. Each entry says why, and how a
 * request passes that gate; the matrix then checks the access policy as for any other route, and
 * that the gate refuses a request that does not pass it.
 */
/** A request carrying a form signed as Twilio signs it. */
function signedByTwilio(req: InjectOptions, t: TestApp, params: Array<[string, string]>): InjectOptions {
  const url = String(req.url);
  return {
    ...req,
    payload: new URLSearchParams(params).toString(),
    headers: {
      ...(req.headers as Record<string, string>),
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(TWILIO_TOKEN, t.config.appOrigin + url, params),
    },
  };
}
const messageSid = () => `SM${Date.now()}${Math.random().toString(16).slice(2)}`;

const ownGates: Record<string, { why: string; status: 401 | 403; pass(req: InjectOptions, t: TestApp): InjectOptions }> = {
  'POST /api/webhooks/twilio/sms': {
    why: 'Twilio signs every delivery; an unsigned one is a 403 whoever sends it',
    status: 403,
    pass: (req, t) =>
      signedByTwilio(req, t, [
        ['MessageSid', messageSid()],
        ['From', uniquePhone()],
        ['Body', 'hello'],
      ]),
  },
  'POST /api/webhooks/twilio/status': {
    why: 'Twilio signs every delivery report; an unsigned one is a 403 whoever sends it',
    status: 403,
    pass: (req, t) =>
      signedByTwilio(req, t, [
        ['MessageSid', messageSid()],
        ['MessageStatus', 'delivered'],
      ]),
  },
};

let t: TestApp;
let psa: FakePsa;
let routes: RecordedRoute[];
const sessions = new Map<Caller, SignedIn>();
let ip = 0;
const nextIp = () => `10.77.${(++ip >> 8) & 255}.${ip & 255}`;

async function signInAs(caller: Caller): Promise<SignedIn | undefined> {
  switch (caller) {
    case 'anonymous':
      return undefined;
    case 'member':
      return signIn(t, MEMBER);
    case 'manager':
      return signIn(t, MANAGER);
    case 'admin':
      return signIn(t, ADMIN);
    case 'admin as member':
      return signIn(t, ADMIN, { targetUserPhone: OTHER_MEMBER });
    case 'admin as manager':
      return signIn(t, ADMIN, { targetUserPhone: MANAGER });
  }
}

/** The caller's session, signed in again if an earlier call ended it (logout, return-to-admin). */
async function session(caller: Caller) {
  if (caller === 'anonymous') return undefined;
  let s = sessions.get(caller);
  if (s) {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: s.headers, remoteAddress: nextIp() });
    if (me.statusCode !== 200) s = undefined;
  }
  if (!s) {
    s = (await signInAs(caller))!;
    sessions.set(caller, s);
  }
  return s;
}

function request(route: RecordedRoute, s: SignedIn | undefined): InjectOptions {
  return {
    method: route.method as InjectOptions['method'],
    url: concreteUrl(route),
    headers: s ? { ...s.headers } : {},
    remoteAddress: nextIp(),
  };
}

beforeAll(async () => {
  psa = await startFakePsa();
  ({ t, routes } = await createRecordedTestApp({
    env: { TWILIO_AUTH_TOKEN: TWILIO_TOKEN, PSA_API_URL: psa.url, PSA_API_TOKEN: psa.token },
    seedDemo: false,
    // Policies no feature uses yet, so that the matrix proves their gates too.
    routes: (app) => {
      app.get('/api/test/matrix/manager', { config: { access: 'manager' } }, async () => ({ ok: true }));
      // A write with no exception (refused while impersonating, public or not) and one with an exception.
      app.post('/api/test/matrix/write', { config: { access: 'user' } }, async () => ({ ok: true }));
      app.delete('/api/test/matrix/public-write', { config: { access: 'public' } }, async () => ({ ok: true }));
      app.put('/api/test/matrix/support-write', { config: { access: 'user', impersonation: { support: 'matrix fixture' } } }, async () => ({
        ok: true,
      }));
    },
  }));
  ADMIN = (await createAdmin(t)).phone;
  MANAGER = (await createManager(t)).phone;
  MEMBER = (await createMember(t)).phone;
  OTHER_MEMBER = (await createMember(t)).phone;
});
afterAll(async () => {
  await t?.close();
  await psa?.close();
});

describe('security: authorization matrix', () => {
  it('the route table is read from the server and every /api route declares a known policy', () => {
    const keys = routes.map(key);
    // Known routes are there, so the table is the real one and not an empty list.
    for (const k of ['GET /api/auth/me', 'GET /api/admin/users', 'PATCH /api/user/profile', 'POST /api/send-otp', 'GET /api/test/matrix/manager']) {
      expect(keys).toContain(k);
    }
    const undeclared = routes.filter((r) => !knownPolicies.includes(r.access as never)).map((r) => `${key(r)} → ${JSON.stringify(r.access)}`);
    expect(undeclared, 'routes whose config.access is missing or not one of public|user|manager|admin').toEqual([]);
  });

  it('the declared policy is at least what the path promises: /api/admin/* admin, /api/manager/* manager, /api/user/* signed in', () => {
    const rank = { public: 0, user: 1, manager: 2, admin: 3 } as const;
    const floors: Array<[RegExp, keyof typeof rank]> = [
      [/^\/api\/admin(\/|$)/, 'admin'],
      [/^\/api\/manager(\/|$)/, 'manager'],
      [/^\/api\/(user|auth\/me)(\/|$)/, 'user'],
    ];
    const weaker = routes.flatMap((r) => {
      const floor = floors.find(([re]) => re.test(r.url))?.[1];
      const declared = r.access as keyof typeof rank;
      return floor && rank[declared] < rank[floor] ? [`${key(r)} declares ${String(r.access)}, its path asks for ${floor}`] : [];
    });
    expect(weaker).toEqual([]);
  });

  it('impersonation is read-only: the routes that declare a support exception are exactly the reviewed list in policy.ts', () => {
    const declared = Object.fromEntries(
      routes.filter((r) => r.impersonation !== null && !r.url.startsWith('/api/test/')).map((r) => [key(r), r.impersonation]),
    );
    expect(Object.keys(declared).sort(), 'routes declaring config.impersonation must be exactly policy.ts impersonationExceptions').toEqual(
      Object.keys(impersonationExceptions).sort(),
    );
    // Every exception is a write (a read needs none), has a reason, and the list stays short.
    for (const k of Object.keys(impersonationExceptions)) expect(writeMethods.has(k.split(' ')[0]), k).toBe(true);
    for (const reason of Object.values(declared)) expect(reason?.trim()).toBeTruthy();
    expect(Object.keys(impersonationExceptions).length).toBeLessThanOrEqual(4);
    // The rule reaches the writes the finding named: listing for sale, hunt offers and budgets, estimates, share links.
    const refused = routes.filter((r) => expectedOutcome(r, 'admin as member') === 403 && writeMethods.has(r.method)).map(key);
    for (const k of [
      'POST /api/user/promotion-requests',
      'POST /api/user/sells',
      'POST /api/hunts',
      'POST /api/hunts/:id/sources',
      'PUT /api/cards/:id/pinned-estimate',
      'POST /api/cards/:id/share-links',
      'PUT /api/user/notification-preferences',
    ]) {
      expect(refused, k).toContain(k);
    }
  });

  it('the impersonation rule covers routes that do not exist yet: any write without an exception is a 403', () => {
    for (const [method, url] of [
      ['POST', '/api/user/payments'],
      ['DELETE', '/api/cards/:id/anything'],
      ['PATCH', '/api/new/feature'],
      ['PUT', '/api/public/thing'],
    ]) {
      expect(expectedOutcome({ method, access: 'user', impersonation: null }, 'admin as member'), `${method} ${url}`).toBe(403);
      expect(expectedOutcome({ method, access: 'public', impersonation: null }, 'admin as manager'), `${method} ${url}`).toBe(403);
      expect(expectedOutcome({ method, access: 'user', impersonation: null }, 'member'), `${method} ${url}`).toBe('allowed');
    }
    expect(expectedOutcome({ method: 'GET', access: 'user', impersonation: null }, 'admin as member')).toBe('allowed');
    expect(expectedOutcome({ method: 'PATCH', access: 'user', impersonation: 'a reason' }, 'admin as member')).toBe('allowed');
  });

  it('a route declaring an impersonation exception without a reason fails when the app is built', async () => {
    await expect(
      (async () => {
        const other = await createTestApp({
          routes: (app) =>
            void app.post('/api/test/matrix/no-reason', { config: { access: 'user', impersonation: { support: ' ' } } }, async () => ({})),
        });
        await other.close();
      })(),
    ).rejects.toThrow(/impersonation exception without a reason/);
  });

  it('a new /api route without a declared policy fails when the app is built', async () => {
    await expect(
      (async () => {
        const other = await createTestApp({ routes: (app) => void app.post('/api/test/matrix/undeclared', async () => ({})) });
        await other.close();
      })(),
    ).rejects.toThrow(/declares no access policy/);
  });

  it('every route answers each caller as its declared policy says: 401 anonymous, 403 without the role or while impersonating, otherwise through the gate', async () => {
    const failures: string[] = [];
    const table: string[] = [];
    for (const route of routes) {
      const gate = ownGates[key(route)];
      const row: string[] = [];
      for (const caller of callers) {
        const s = await session(caller);
        let req = request(route, s);
        const expected = expectedOutcome(route, caller);
        if (gate) {
          // Without passing the route's own gate, nobody gets through.
          const refused = await t.app.inject(req);
          if (expected === 'allowed' && refused.statusCode !== gate.status) {
            failures.push(
              `${key(route)} as ${caller} without passing its own gate (${gate.why}): expected ${gate.status}, got ${refused.statusCode}`,
            );
          }
          req = gate.pass({ ...req, remoteAddress: nextIp() }, t);
        }
        const res = await t.app.inject(req);
        const got = outcomeOf(res.statusCode);
        row.push(`${caller}=${res.statusCode}`);
        if (got !== expected) {
          failures.push(
            `${key(route)} [access=${String(route.access)}${route.impersonation ? ', impersonation exception' : ''}] as ${caller}: expected ${expected === 'allowed' ? 'not 401/403' : expected}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
        if (res.statusCode >= 500) failures.push(`${key(route)} as ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      table.push(`${key(route).padEnd(48)} ${String(route.access).padEnd(8)} ${row.join('  ')}`);
    }
    if (process.env.MATRIX_PRINT === 'true') console.log(table.join('\n'));
    expect(failures, `authorization matrix:\n${failures.join('\n')}`).toEqual([]);
  });

  it('the matrix itself tells the policies apart (a route declared admin is not allowed for a member)', () => {
    expect(expectedOutcome({ method: 'GET', access: 'admin', impersonation: null }, 'member')).toBe(403);
    expect(expectedOutcome({ method: 'GET', access: 'admin', impersonation: null }, 'admin as member')).toBe(403);
    expect(expectedOutcome({ method: 'GET', access: 'manager', impersonation: null }, 'admin as manager')).toBe('allowed');
    expect(expectedOutcome({ method: 'POST', access: 'manager', impersonation: null }, 'admin as manager')).toBe(403);
    expect(expectedOutcome({ method: 'POST', access: 'user', impersonation: null }, 'anonymous')).toBe(401);
    expect(() => expectedOutcome({ method: 'GET', access: 'admins', impersonation: null }, 'admin')).toThrow(/unknown access policy/);
  });
});
