import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardHeldMessages, type CardDetail } from '#common/cards.ts';
import { certClaimMessages, type AdminCertClaim, type CertClaim } from '#common/cert-claims.ts';
import { cards } from '#server/db/schema/cards.ts';
import { certClaimEvents, certClaims } from '#server/db/schema/cert-claims.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { auditLog } from '#server/db/schema/users.ts';
import { jpegLike, tinyPdf, tinyPng } from '#server/test/files.ts';
import { createCard, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let dataDir: string;
let admin: SignedInUser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cert-claims-test-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = await signedInAdmin(t, { name: 'Claims Admin' });
});
afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type File = { data: Buffer; contentType?: string; filename?: string };

/** A multipart body with text fields and any number of named files, as a browser sends it. */
function claimBody(fields: Record<string, string>, files: Record<string, File>) {
  const boundary = `----claimboundary${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const [name, f] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${f.filename ?? `${name}.png`}"\r\nContent-Type: ${f.contentType ?? 'image/png'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const photos = () => ({ front: { data: tinyPng(120, 200, 60) }, back: { data: jpegLike(4096), contentType: 'image/jpeg', filename: 'back.jpg' } });

async function postClaim(who: SignedInUser, fields: Record<string, string>, files: Record<string, File> = photos()) {
  const body = claimBody(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/cert-claims', headers: { ...who.headers, ...body.headers }, payload: body.payload });
}

const api = (who: SignedInUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, payload: payload as never });

/** A holder's PSA card and a second member who claims it (201). */
async function openClaim(opts: { hold?: 'listing' | 'loan' | 'fund' } = {}) {
  const holder = await signedInMember(t, { name: 'Holder Person' });
  const claimant = await signedInMember(t, { name: 'Claimant Person' });
  const card = await createCard(t, { id: holder.userId }, opts.hold ? { holdKind: opts.hold, holdRef: crypto.randomUUID() } : {});
  const res = await postClaim(claimant, { grader: 'PSA', certNumber: card.certNumber!, message: 'I bought this slab at a show in May' });
  expect(res.statusCode, res.body).toBe(201);
  return { holder, claimant, card, claim: res.json<{ claim: CertClaim }>().claim };
}

const kindsFor = async (userId: string) =>
  await t.db.select({ kind: notifications.kind, title: notifications.title }).from(notifications).where(eq(notifications.userId, userId));

describe('POST /api/cert-claims', () => {
  it('opens a claim with the slab photos, tells the admins, audits it, and the 409 then points at it', async () => {
    const { claimant, card, claim } = await openClaim();
    expect(claim).toMatchObject({
      status: 'open',
      grader: 'PSA',
      certNumber: card.certNumber,
      message: 'I bought this slab at a show in May',
      card: { id: card.id, subject: card.subject },
      photos: { front: { contentType: 'image/png', url: `/api/cert-claims/${claim.id}/photos/front` }, back: { contentType: 'image/jpeg' } },
    });
    expect((await api(claimant, 'GET', '/api/cert-claims')).json().claims.map((c: CertClaim) => c.id)).toEqual([claim.id]);
    expect(await kindsFor(admin.userId)).toContainEqual({ kind: 'cert_claim_new', title: 'New certificate claim' });
    const [opened] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cert_claim.opened'), eq(auditLog.targetId, claim.id)));
    expect(opened).toMatchObject({ actorId: claimant.userId });
    expect(await t.db.select().from(certClaimEvents).where(eq(certClaimEvents.claimId, claim.id))).toMatchObject([
      { fromStatus: null, toStatus: 'open' },
    ]);

    const again = await api(claimant, 'POST', '/api/cards', {
      grader: 'PSA',
      certNumber: card.certNumber,
      grade: 'MINT 9',
      year: 1986,
      brand: 'Fleer',
      subject: 'Michael Jordan',
      sport: 'basketball',
      estimatedValueCents: 0,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().claim).toEqual({ grader: 'PSA', certNumber: card.certNumber, openClaimId: claim.id });
    // A second open claim for the same card is refused.
    const second = await postClaim(claimant, { grader: 'PSA', certNumber: card.certNumber! });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe(certClaimMessages.alreadyOpen);
  });

  it('serves the photos to the claimant as downloads with nosniff (inline only when asked)', async () => {
    const { claimant, claim } = await openClaim();
    const front = await api(claimant, 'GET', claim.photos.front.url);
    expect(front.statusCode).toBe(200);
    expect(front.headers['content-type']).toBe('image/png');
    expect(front.headers['x-content-type-options']).toBe('nosniff');
    expect(front.headers['content-disposition']).toMatch(/^attachment; filename="claim-\d+-front\.png"$/);
    expect(front.rawPayload.equals(tinyPng(120, 200, 60))).toBe(true);
    const inline = await api(admin, 'GET', `${claim.photos.back.url}?inline=1`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('image/jpeg');
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('refuses what is not a JPEG or PNG by content (415), a missing side (400), over 10 MB (413), and bad numbers', async () => {
    const holder = await signedInMember(t);
    const me = await signedInMember(t);
    const card = await createCard(t, { id: holder.userId });
    const fields = { grader: 'PSA', certNumber: card.certNumber! };
    const pdf = await postClaim(me, fields, { front: { data: tinyPdf(), contentType: 'image/png' }, back: photos().back });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error).toBe(certClaimMessages.photoType);
    const missing = await postClaim(me, fields, { front: photos().front });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ back: [certClaimMessages.photoMissing('back')] });
    const big = Buffer.concat([tinyPng(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await postClaim(me, fields, { front: { data: big }, back: photos().back });
    expect(tooBig.statusCode).toBe(413);
    expect((await postClaim(me, { grader: 'PSA', certNumber: '12-34' })).statusCode).toBe(400);
    expect((await postClaim(me, { grader: 'raw', certNumber: card.certNumber! })).statusCode).toBe(400);
    const unknown = await postClaim(me, { grader: 'PSA', certNumber: '1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(certClaimMessages.notRegistered);
    // One's own card is not claimed.
    expect((await postClaim(holder, fields)).statusCode).toBe(409);
    // JSON is not an upload.
    expect((await api(me, 'POST', '/api/cert-claims', fields)).statusCode).toBe(415);
    // Nothing was stored for any of these.
    expect(await t.db.select().from(certClaims).where(eq(certClaims.cardId, card.id))).toHaveLength(0);
  });
});

describe('who sees and decides claims', () => {
  it('members cannot read, download or withdraw another member’s claim (404), the holder included', async () => {
    const { holder, claim } = await openClaim();
    const stranger = await signedInMember(t);
    for (const who of [holder, stranger]) {
      expect((await api(who, 'GET', `/api/cert-claims/${claim.id}`)).statusCode).toBe(404);
      expect((await api(who, 'GET', claim.photos.front.url)).statusCode).toBe(404);
      expect((await api(who, 'GET', `${claim.photos.back.url}?inline=1`)).statusCode).toBe(404);
      expect((await api(who, 'POST', `/api/cert-claims/${claim.id}/withdraw`)).statusCode).toBe(404);
      expect((await api(who, 'GET', '/api/cert-claims')).json().claims).toEqual([]);
    }
    expect((await api(admin, 'GET', `/api/cert-claims/${claim.id}`)).statusCode).toBe(200);
  });

  it('only admins decide: members get 403 on the queue and the decision, and a rejection needs a reason', async () => {
    const { holder, claimant, claim } = await openClaim();
    for (const who of [holder, claimant]) {
      expect((await api(who, 'GET', '/api/admin/cert-claims')).statusCode).toBe(403);
      expect((await api(who, 'PATCH', `/api/admin/cert-claims/${claim.id}`, { decision: 'approved' })).statusCode).toBe(403);
    }
    const noReason = await api(admin, 'PATCH', `/api/admin/cert-claims/${claim.id}`, { decision: 'rejected', note: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(certClaimMessages.rejectReason);
    const queue = await api(admin, 'GET', '/api/admin/cert-claims?status=open');
    expect(queue.statusCode).toBe(200);
    const row = queue.json<{ claims: AdminCertClaim[] }>().claims.find((c) => c.id === claim.id)!;
    expect(row).toMatchObject({
      claimant: { id: claimant.userId },
      holder: { id: holder.userId },
      cardState: { live: true, hold: null, blockedBy: null },
    });
  });

  it('approving moves the card to the claimant with a provenance event, and tells both members', async () => {
    const { holder, claimant, card, claim } = await openClaim();
    const res = await api(admin, 'PATCH', `/api/admin/cert-claims/${claim.id}`, { decision: 'approved', note: 'Serial and slab photos match PSA' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().claim).toMatchObject({ status: 'approved', decisionNote: 'Serial and slab photos match PSA', decidedBy: { id: admin.userId } });

    const [moved] = await t.db.select().from(cards).where(eq(cards.id, card.id));
    expect(moved.ownerId).toBe(claimant.userId);
    const detail = (await api(claimant, 'GET', `/api/cards/${card.id}`)).json<CardDetail>();
    expect(detail.events.at(-1)).toMatchObject({
      kind: 'transferred',
      actor: { id: admin.userId },
      data: { fromOwnerId: holder.userId, toOwnerId: claimant.userId, certClaimId: claim.id, reason: 'certificate_claim' },
    });
    expect((await api(holder, 'GET', `/api/cards/${card.id}`)).statusCode).toBe(404);

    expect(await kindsFor(claimant.userId)).toContainEqual({ kind: 'cert_claim_decided', title: 'Certificate claim approved' });
    expect(await kindsFor(holder.userId)).toContainEqual({ kind: 'card_claim_decided', title: 'A card left your registry' });
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, claim.id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['cert_claim.opened', 'cert_claim.status_changed']));
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'card.transferred_by_claim'), eq(auditLog.targetId, card.id))),
    ).toHaveLength(1);

    // Decided once: a second decision is a 409.
    const again = await api(admin, 'PATCH', `/api/admin/cert-claims/${claim.id}`, { decision: 'rejected', note: 'late' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses to approve while the card is held (listed, pledged, in a fund); a rejection with its reason tells both', async () => {
    for (const hold of ['listing', 'loan', 'fund'] as const) {
      const { holder, claimant, card, claim } = await openClaim({ hold });
      const queue = (await api(admin, 'GET', '/api/admin/cert-claims?status=open')).json<{ claims: AdminCertClaim[] }>();
      expect(queue.claims.find((c) => c.id === claim.id)?.cardState.blockedBy).toContain(cardHeldMessages[hold]);
      const res = await api(admin, 'PATCH', `/api/admin/cert-claims/${claim.id}`, { decision: 'approved' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toContain(cardHeldMessages[hold]);
      const [still] = await t.db.select().from(cards).where(eq(cards.id, card.id));
      expect(still.ownerId).toBe(holder.userId);
      expect((await api(claimant, 'GET', `/api/cert-claims/${claim.id}`)).json().claim.status).toBe('open');

      if (hold !== 'fund') continue;
      const rejected = await api(admin, 'PATCH', `/api/admin/cert-claims/${claim.id}`, {
        decision: 'rejected',
        note: 'The photos show a different label',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect((await api(claimant, 'GET', `/api/cert-claims/${claim.id}`)).json().claim).toMatchObject({
        status: 'rejected',
        decisionNote: 'The photos show a different label',
      });
      expect(await kindsFor(claimant.userId)).toContainEqual({ kind: 'cert_claim_decided', title: 'Certificate claim rejected' });
      expect(await kindsFor(holder.userId)).toContainEqual({ kind: 'card_claim_decided', title: 'A claim on your card was rejected' });
    }
  });

  it('refuses to approve a card away from its owner (in the vault)', async () => {
    const { card, claim } = await openClaim();
    await t.db.update(cards).set({ custody: 'in_vault' }).where(eq(cards.id, card.id));
    const res = await api(admin, 'PATCH', `/api/admin/cert-claims/${claim.id}`, { decision: 'approved' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(certClaimMessages.cardNotWithOwner);
  });

  it('the claimant may withdraw an open claim; it can no longer be decided', async () => {
    const { claimant, claim } = await openClaim();
    const res = await api(claimant, 'POST', `/api/cert-claims/${claim.id}/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().claim.status).toBe('withdrawn');
    expect((await api(admin, 'PATCH', `/api/admin/cert-claims/${claim.id}`, { decision: 'approved' })).statusCode).toBe(409);
    expect((await api(claimant, 'POST', `/api/cert-claims/${claim.id}/withdraw`)).statusCode).toBe(409);
  });
});
