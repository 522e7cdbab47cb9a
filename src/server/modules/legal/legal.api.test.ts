import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalPages, termsAcceptances } from '#server/db/schema/platform.ts';
import { accessRequests, auditLog, users } from '#server/db/schema/users.ts';
import { createTestApp, signIn, type TestApp } from '#server/test/harness.ts';
import { createUser, signedInAdmin, signedInMember, uniquePhone } from '#server/test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const today = () => t.clock.now().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(t.clock.now().getTime() + n * DAY).toISOString().slice(0, 10);

async function publish(admin: { headers: Record<string, string> }, slug: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/admin/legal/${slug}/publish`, headers: admin.headers, payload: body });
}
const me = async (s: { headers: Record<string, string> }) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: s.headers })).json();

describe('public legal pages', () => {
  it.each(['terms', 'privacy', 'cookies'])('serves the seeded %s page as HTML, version 1 in force', async (slug) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/legal/${slug}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.slug).toBe(slug);
    expect(body.version).toBe(1);
    expect(body.html).toMatch(/<h[12]>/);
    expect(Date.parse(body.effectiveAt)).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it('rejects an unknown slug with field errors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/legal/secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', fieldErrors: { slug: expect.any(Array) } });
  });
});

describe('editing and publishing', () => {
  it('is for admins only', async () => {
    const member = await signedInMember(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/legal/terms', headers: member.headers })).statusCode).toBe(403);
    expect((await publish(member, 'cookies', { title: 'x', markdown: 'x', effectiveOn: today() })).statusCode).toBe(403);
  });

  it('previews with the public sanitiser', async () => {
    const admin = await signedInAdmin(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/legal/preview',
      headers: admin.headers,
      payload: {
        markdown: '# Hi\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) [ok](https://example.com)',
      },
    });
    expect(res.statusCode).toBe(200);
    const { html } = res.json();
    expect(html).toContain('<h1>Hi</h1>');
    expect(html).not.toMatch(/<script|onerror|href="javascript:/i);
    expect(html).toContain('href="https://example.com"');
  });

  it('keeps a draft without changing the public page, then publishes it as version 2', async () => {
    const admin = await signedInAdmin(t);
    const save = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/legal/cookies/draft',
      headers: admin.headers,
      payload: { title: 'Cookie Policy', markdown: '# Cookies v2\n\nWe use one cookie.' },
    });
    expect(save.statusCode).toBe(200);
    expect(save.json()).toMatchObject({ title: 'Cookie Policy', baseVersion: 1 });

    let doc = (await t.app.inject({ method: 'GET', url: '/api/admin/legal/cookies', headers: admin.headers })).json();
    expect(doc.draft).toMatchObject({ markdown: '# Cookies v2\n\nWe use one cookie.' });
    expect(doc.versions).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/legal/cookies' })).json().version).toBe(1);

    const res = await publish(admin, 'cookies', {
      title: 'Cookie Policy',
      markdown: '# Cookies v2\n\nWe use one cookie.',
      effectiveOn: today(),
      summary: 'One cookie only',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, current: true, scheduled: false, summary: 'One cookie only' });

    const page = (await t.app.inject({ method: 'GET', url: '/api/legal/cookies' })).json();
    expect(page).toMatchObject({ version: 2, summary: 'One cookie only' });
    expect(page.html).toContain('We use one cookie.');

    doc = (await t.app.inject({ method: 'GET', url: '/api/admin/legal/cookies', headers: admin.headers })).json();
    expect(doc.draft).toBeNull();
    expect(doc.versions.map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([
      [2, true],
      [1, false],
    ]);

    const v1 = (await t.app.inject({ method: 'GET', url: '/api/admin/legal/cookies/versions/1', headers: admin.headers })).json();
    expect(v1.markdown.length).toBeGreaterThan(100);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/legal/cookies/versions/9', headers: admin.headers })).statusCode).toBe(404);

    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'legal.published'), eq(auditLog.targetId, 'cookies')));
    expect(row).toMatchObject({ actorId: admin.userId, targetType: 'legal_page', data: { version: 2 } });
  });

  it('schedules a version for a later date: the page changes when the date comes', async () => {
    const admin = await signedInAdmin(t);
    const res = await publish(admin, 'privacy', { title: 'Privacy Policy', markdown: '# Privacy v2\n\nLater.', effectiveOn: inDays(3) });
    expect(res.json()).toMatchObject({ version: 2, current: false, scheduled: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/legal/privacy' })).json().version).toBe(1);
    t.clock.advance(3 * DAY);
    expect((await t.app.inject({ method: 'GET', url: '/api/legal/privacy' })).json().version).toBe(2);
  });

  it('refuses bad input with field errors', async () => {
    const admin = await signedInAdmin(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '', markdown: 'x', effectiveOn: today() }, 'title'],
      [{ title: 'T', markdown: '   ', effectiveOn: today() }, 'markdown'],
      [{ title: 'T', markdown: 'x', effectiveOn: 'tomorrow' }, 'effectiveOn'],
      [{ title: 'T', markdown: 'x', effectiveOn: inDays(-1) }, 'effectiveOn'],
      [{ title: 'T', markdown: 'x'.repeat(100_001), effectiveOn: today() }, 'markdown'],
    ];
    for (const [body, field] of cases) {
      const res = await publish(admin, 'terms', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fieldErrors, field).toHaveProperty(field);
    }
    // Publishing the same text again is refused.
    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/legal/cookies/versions/2', headers: admin.headers })).json();
    const same = await publish(admin, 'cookies', { title: current.title, markdown: current.markdown, effectiveOn: today() });
    expect(same.statusCode).toBe(400);
    expect(same.json().fieldErrors).toHaveProperty('markdown');
  });
});

describe('accepting new terms', () => {
  it('asks members who joined before the new terms, once, records time and IP, and never while impersonating', async () => {
    const admin = await signedInAdmin(t);
    const older = await createUser(t);
    await t.db
      .update(users)
      .set({ createdAt: new Date(t.clock.now().getTime() - 30 * DAY) })
      .where(eq(users.id, older.id));
    const member = await signIn(t, older.phone);
    expect((await me(member)).termsToAccept).toBeNull();

    const res = await publish(admin, 'terms', {
      title: 'Terms of Use',
      markdown: '# Terms v2\n\nNew rules.',
      effectiveOn: today(),
      summary: 'Fees section rewritten',
    });
    expect(res.json().version).toBe(2);
    t.clock.advance(1000);

    // A fresh sign-in (and the open session) now has to accept version 2.
    const again = await signIn(t, older.phone);
    expect((await me(again)).termsToAccept).toBe(2);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/admin/legal/terms', headers: admin.headers })).json();
    expect(doc.pendingAcceptances).toBeGreaterThanOrEqual(1);

    // Someone who joins after the change signed up under it.
    const newcomer = await signedInMember(t);
    await t.db.update(users).set({ createdAt: t.clock.now() }).where(eq(users.id, newcomer.userId));
    expect((await me(newcomer)).termsToAccept).toBeNull();

    // An admin viewing as the member is not asked and cannot accept for them.
    const viewing = await signIn(t, admin.phone, { targetUserPhone: older.phone });
    expect((await me(viewing)).termsToAccept).toBeNull();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/legal/terms/accept', headers: viewing.headers, payload: { version: 2 } })).statusCode,
    ).toBe(403);

    // A stale version is refused; the one in force is recorded.
    const stale = await t.app.inject({ method: 'POST', url: '/api/legal/terms/accept', headers: again.headers, payload: { version: 1 } });
    expect(stale.statusCode).toBe(409);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/legal/terms/accept',
      headers: { ...again.headers, 'x-forwarded-for': '203.0.113.9' },
      payload: { version: 2 },
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, older.id));
    expect(row).toMatchObject({ version: 2, via: 'sign_in', acceptedAt: t.clock.now() });
    expect(row.ip).toBeTruthy();
    expect((await me(again)).termsToAccept).toBeNull();
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'legal.terms_accepted'), eq(auditLog.actorId, older.id)));
    expect(audits).toHaveLength(1);
  });

  it('keeps the terms version on the access request and carries it to the new member', async () => {
    const phone = uniquePhone();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/request-access',
      payload: {
        phone,
        instagram: 'new.collector',
        referral: '',
        termsAccepted: true,
        privacyAccepted: true,
        marketingOptIn: false,
        smsOptIn: false,
      },
    });
    expect(res.statusCode).toBe(200);
    const [request] = await t.db.select().from(accessRequests).where(eq(accessRequests.phone, phone));
    const [{ version: inForce }] = await t.db
      .select({ version: legalPages.version })
      .from(legalPages)
      .where(eq(legalPages.slug, 'terms'))
      .orderBy(legalPages.version);
    expect(request.termsVersion).toBeGreaterThanOrEqual(inForce);
    const admin = await signedInAdmin(t);
    const approve = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/access-requests/${request.id}`,
      headers: admin.headers,
      payload: { status: 'approved' },
    });
    expect(approve.statusCode).toBe(200);
    const member = await signIn(t, phone);
    const [accepted] = await t.db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, member.userId));
    expect(accepted).toMatchObject({ version: request.termsVersion, via: 'access_request' });
    expect((await me(member)).termsToAccept).toBeNull();
  });
});
