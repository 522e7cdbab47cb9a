/**
 * security: a manager acts for a member only after the member accepted the manager's invitation
 * (security-tests.md; decision 127). Walks the server's own route table: every route a manager
 * may call is listed below as an act for a client, a read that may show clients, the manager's
 * own invitation, or not about a client at all; a manager route added later and not listed fails
 * the first test. Then, for a member whose consent is pending, declined or removed, every act is
 * a 403/404 that writes nothing, and no read carries the member's id or name. The same calls for
 * a member who accepted go through, so the refusals are about consent and not a broken setup.
 */
import type { InjectOptions } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagerConsent } from '#common/onboarding.ts';
import { fundRequests, fundTransactions } from '#server/db/schema/funds.ts';
import { onboardings } from '#server/db/schema/onboarding.ts';
import { signedInAdmin, signedInManager, signedInMember } from '#server/test/factories.ts';
import type { SignedIn, TestApp } from '#server/test/harness.ts';
import { createRecordedTestApp, key, type RecordedRoute } from './route-table.ts';

interface Client {
  /** The onboarding id: the manager's client id. */
  id: string;
  userId: string;
  name: string;
  session: SignedIn;
  requestId: string;
  transactionId: string;
}

type Case =
  /** Reads or acts for the client named in the request: refused without consent. */
  | { kind: 'act'; request(c: Client): Pick<InjectOptions, 'url' | 'payload'> }
  /** Shows clients (a list, a fund's investors): answers, but never a client without consent. */
  | { kind: 'read'; request(c: Client): Pick<InjectOptions, 'url'> }
  /** The manager's own invitation: sent again only while it waits for an answer. */
  | { kind: 'invitation'; request(c: Client): Pick<InjectOptions, 'url'> }
  | { kind: 'not about a client'; why: string };

let fundId: string;

const cases: Record<string, Case> = {
  'GET /api/manager/clients': { kind: 'read', request: () => ({ url: '/api/manager/clients' }) },
  'POST /api/manager/clients': {
    kind: 'not about a client',
    why: 'invites a phone; what the answer may show is tested in manager-consent.api.test.ts',
  },
  'GET /api/manager/clients/:id': { kind: 'act', request: (c) => ({ url: `/api/manager/clients/${c.id}` }) },
  'GET /api/manager/clients/:id/fund-positions': { kind: 'act', request: (c) => ({ url: `/api/manager/clients/${c.id}/fund-positions` }) },
  'POST /api/manager/clients/:id/confirm-deposit': {
    kind: 'act',
    request: (c) => ({ url: `/api/manager/clients/${c.id}/confirm-deposit`, payload: { amountCents: 5_000_000 } }),
  },
  'POST /api/manager/clients/:id/resend-invite': { kind: 'invitation', request: (c) => ({ url: `/api/manager/clients/${c.id}/resend-invite` }) },
  'GET /api/manager/funds': { kind: 'read', request: () => ({ url: '/api/manager/funds' }) },
  'GET /api/manager/funds/:id': { kind: 'read', request: () => ({ url: `/api/manager/funds/${fundId}` }) },
  'POST /api/manager/funds/:id/transactions': {
    kind: 'act',
    request: (c) => ({
      url: `/api/manager/funds/${fundId}/transactions`,
      payload: { kind: 'subscription', userId: c.userId, amountCents: 5_000_000 },
    }),
  },
  'POST /api/manager/funds/:id/transactions/:transactionId/cancel': {
    kind: 'act',
    request: (c) => ({ url: `/api/manager/funds/${fundId}/transactions/${c.transactionId}/cancel` }),
  },
  'POST /api/manager/funds/:id/requests/:requestId/decision': {
    kind: 'act',
    request: (c) => ({ url: `/api/manager/funds/${fundId}/requests/${c.requestId}/decision`, payload: { decision: 'accept' } }),
  },
};

let t: TestApp;
let routes: RecordedRoute[];
let admin: SignedIn;
let manager: SignedIn;
let managerRoutes: RecordedRoute[];
let seq = 0;

const inject = (who: SignedIn, route: RecordedRoute, req: Pick<InjectOptions, 'url' | 'payload'>) =>
  t.app.inject({ method: route.method as InjectOptions['method'], ...req, headers: who.headers });

async function ok(who: SignedIn, method: 'GET' | 'POST', url: string, payload?: object, status = 200) {
  const res = await t.app.inject({ method, url, payload, headers: who.headers });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json();
}

/** A member with a pending fund request and a pending transaction, invited by the manager and left at `consent`. */
async function clientAt(consent: ManagerConsent): Promise<Client> {
  const name = `Member Consent${String.fromCharCode(65 + seq++)}`;
  const m = await signedInMember(t, { name });
  const request = await ok(m, 'POST', `/api/funds/${fundId}/subscription-requests`, { amountCents: 200_000 }, 201);
  const pending = await ok(
    admin,
    'POST',
    `/api/admin/funds/${fundId}/transactions`,
    { kind: 'subscription', userId: m.userId, amountCents: 150_000 },
    201,
  );
  const invited = await ok(manager, 'POST', '/api/manager/clients', { phone: m.phone, name: 'As Typed' }, 201);
  if (consent === 'declined') await ok(m, 'POST', '/api/onboarding/decline');
  if (consent === 'accepted' || consent === 'removed') await ok(m, 'POST', '/api/onboarding/accept');
  if (consent === 'removed') await ok(m, 'POST', '/api/onboarding/remove-manager');
  const [row] = await t.db.select({ consent: onboardings.managerConsent }).from(onboardings).where(eq(onboardings.id, invited.client.id));
  expect(row.consent).toBe(consent);
  return { id: invited.client.id, userId: m.userId, name, session: m, requestId: request.request.id, transactionId: pending.id };
}

/** What a refused act must have left alone: the member's transactions and requests. */
async function memberRecords(userId: string) {
  const txs = await t.db
    .select({ id: fundTransactions.id, status: fundTransactions.status })
    .from(fundTransactions)
    .where(eq(fundTransactions.userId, userId))
    .orderBy(fundTransactions.id);
  const reqs = await t.db
    .select({ id: fundRequests.id, status: fundRequests.status })
    .from(fundRequests)
    .where(eq(fundRequests.userId, userId))
    .orderBy(fundRequests.id);
  const [o] = await t.db
    .select({ status: onboardings.status, deposit: onboardings.depositCents })
    .from(onboardings)
    .where(eq(onboardings.clientUserId, userId));
  return { txs, reqs, o };
}

beforeAll(async () => {
  ({ t, routes } = await createRecordedTestApp({ seedDemo: false }));
  admin = await signedInAdmin(t, { name: 'Avery Admin' });
  manager = await signedInManager(t, { name: 'Morgan Manager' });
  const fund = await ok(
    admin,
    'POST',
    '/api/admin/funds',
    { name: 'Matrix Consent Fund', minimumInvestmentCents: 100_000, managementFeeBps: 100, inceptionDate: '2026-01-01', strategy: 'Graded cards' },
    201,
  );
  fundId = fund.fund.id;
  managerRoutes = routes.filter((r) => r.access === 'manager');
});
afterAll(async () => {
  await t?.close();
});

describe('security: a manager acts for a member only after the member accepted the invitation', () => {
  it('every route a manager may call is listed as an act, a read, the invitation, or not about a client', () => {
    expect(managerRoutes.map(key)).toContain('POST /api/manager/funds/:id/transactions');
    const unlisted = managerRoutes.map(key).filter((k) => !(k in cases));
    expect(unlisted, 'manager routes missing from the consent table in this file').toEqual([]);
    const gone = Object.keys(cases).filter((k) => !managerRoutes.some((r) => key(r) === k));
    expect(gone, 'listed routes the server no longer has').toEqual([]);
  });

  for (const consent of ['pending', 'declined', 'removed'] as const) {
    it(`with consent ${consent}: every act is a 403/404 that writes nothing, and no read names the member`, async () => {
      const c = await clientAt(consent);
      const before = await memberRecords(c.userId);
      const failures: string[] = [];
      for (const route of managerRoutes) {
        const rule = cases[key(route)];
        if (!rule || rule.kind === 'not about a client') continue;
        const res = await inject(manager, route, rule.request(c));
        if (rule.kind === 'act' && ![403, 404].includes(res.statusCode)) failures.push(`${key(route)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (rule.kind === 'invitation') {
          // Sending the invitation again is no act for the member; once they answered no, it is refused too.
          const expected = consent === 'pending' ? [200, 429] : [409];
          if (!expected.includes(res.statusCode)) failures.push(`${key(route)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
        for (const secret of [c.userId, c.name]) {
          if (res.body.includes(secret)) failures.push(`${key(route)} shows ${secret === c.userId ? 'the member id' : 'the member name'}`);
        }
      }
      expect(failures).toEqual([]);
      expect(await memberRecords(c.userId)).toEqual(before);
    });
  }

  it('once the member accepted, the same calls go through (the refusals above are about consent)', async () => {
    const c = await clientAt('accepted');
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(fundTransactions)
      .where(eq(fundTransactions.userId, c.userId));
    for (const route of managerRoutes) {
      const rule = cases[key(route)];
      if (!rule || rule.kind !== 'act') continue;
      const res = await inject(manager, route, rule.request(c));
      // Through the consent gate; a step rule may still say no (a deposit before its step is a 409).
      expect([403, 404], `${key(route)}: ${res.body.slice(0, 120)}`).not.toContain(res.statusCode);
    }
    const [{ n: after }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(fundTransactions)
      .where(eq(fundTransactions.userId, c.userId));
    // The subscription booked for them and their accepted request.
    expect(after).toBe(n + 2);
    const list = await ok(manager, 'GET', '/api/manager/clients');
    expect(JSON.stringify(list)).toContain(c.userId);
  });
});
