import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycDocuments } from '#server/db/schema/onboarding.ts';
import { auditLog } from '#server/db/schema/users.ts';
import { createUser, signedInAdmin, signedInManager, signedInMember } from '#server/test/factories.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '#server/test/harness.ts';
import { jpegLike, multipartBody, tinyPdf, tinyPng } from '#server/test/files.ts';

let ADMIN: string;
let OTHER: string;

let t: TestApp;
let dataDir: string;
let admin: SignedIn;
let member: SignedIn;
let other: SignedIn;
let manager: SignedIn;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kyc-test-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir }, seedDemo: false });
  const a = await signedInAdmin(t);
  admin = a;
  ADMIN = a.phone;
  member = await signedInMember(t);
  const o = await signedInMember(t);
  other = o;
  OTHER = o.phone;
  manager = await signedInManager(t);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (who: SignedIn | null, type: string, data: Buffer, filename = 'id.png', contentType = 'image/png') => {
  const { payload, headers } = multipartBody({ type }, { filename, contentType, data });
  return t.app.inject({ method: 'POST', url: '/api/user/kyc/documents', payload, headers: { ...(who?.headers ?? {}), ...headers } });
};
const get = (who: SignedIn | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers });

describe('uploads', () => {
  it('stores a PNG under a server-made name outside any served folder', async () => {
    const res = await upload(member, 'id_front', tinyPng(), '../../../etc/passwd.png');
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json().document;
    expect(doc).toMatchObject({ type: 'id_front', status: 'pending', contentType: 'image/png' });
    const [row] = await t.db.select().from(kycDocuments).where(eq(kycDocuments.id, doc.id));
    expect(row.storageKey).toBe(`kyc/${member.userId}/${doc.id}.png`);
    expect(existsSync(join(dataDir, 'uploads', row.storageKey))).toBe(true);
    expect(readdirSync(join(dataDir, 'uploads', 'kyc', member.userId)).some((f) => f.includes('passwd'))).toBe(false);
    const [a] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, doc.id));
    expect(a.action).toBe('kyc.document_uploaded');
  });

  it('refuses a text file renamed .jpg, whatever its declared type (415)', async () => {
    const res = await upload(member, 'id_back', Buffer.from('just some text, honest\n'.repeat(20)), 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('Upload a JPEG, PNG or PDF file');
    // An HTML file dressed as a PDF, too.
    expect((await upload(member, 'id_back', Buffer.from('<html><script>alert(1)</script>'), 'x.pdf', 'application/pdf')).statusCode).toBe(415);
  });

  it('refuses 11 MB with 413, and accepts exactly 10 MB', async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(11 * 1024 * 1024)]);
    const res = await upload(member, 'selfie', big);
    expect(res.statusCode).toBe(413);
    // Without a Content-Length the stream limit still applies.
    const exact = jpegLike(10 * 1024 * 1024);
    expect((await upload(member, 'selfie', exact, 'me.jpg', 'image/jpeg')).statusCode).toBe(201);
    const over = jpegLike(10 * 1024 * 1024 + 1);
    expect((await upload(member, 'selfie', over, 'me.jpg', 'image/jpeg')).statusCode).toBe(413);
  });

  it('asks for a document type and a file', async () => {
    expect((await upload(member, 'passport', tinyPng())).statusCode).toBe(400);
    const { payload, headers } = multipartBody({ type: 'id_front' });
    const res = await t.app.inject({ method: 'POST', url: '/api/user/kyc/documents', payload, headers: { ...member.headers, ...headers } });
    expect(res.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/user/kyc/documents', payload: { type: 'id_front' }, headers: member.headers });
    expect(json.statusCode).toBe(415);
  });

  it('is refused anonymously (401) and while impersonating (403)', async () => {
    expect((await upload(null, 'id_front', tinyPng())).statusCode).toBe(401);
    const as = await signIn(t, ADMIN, { targetUserPhone: OTHER });
    const res = await upload(as, 'id_front', tinyPng());
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(kycDocuments).where(eq(kycDocuments.userId, other.userId))).toHaveLength(0);
    admin = await signIn(t, ADMIN);
  });

  it('a new upload replaces a pending document of the same type', async () => {
    const first = (await upload(other, 'proof_of_address', tinyPdf(), 'a.pdf', 'application/pdf')).json().document;
    const second = (await upload(other, 'proof_of_address', tinyPdf('Second'), 'b.pdf', 'application/pdf')).json().document;
    const docs = (await get(other, '/api/user/kyc/documents')).json().documents;
    expect(docs.map((d: { id: string }) => d.id)).toEqual([second.id]);
    expect(first.id).not.toBe(second.id);
  });
});

describe('files', () => {
  it('serves the file to its owner and admins as an attachment with nosniff', async () => {
    const data = tinyPng(40, 30);
    const doc = (await upload(member, 'id_back', data)).json().document;
    for (const who of [member, admin]) {
      const res = await get(who, `/api/kyc/documents/${doc.id}/file`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="id_back-\d{4}-\d{2}-\d{2}\.png"$/);
      expect(res.rawPayload.equals(data)).toBe(true);
    }
    const inline = await get(admin, `/api/kyc/documents/${doc.id}/file?inline=1`);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    expect(inline.headers['content-security-policy']).toContain("default-src 'none'");
    expect(inline.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('refuses someone else’s file: other members and managers get 404, anonymous 401', async () => {
    const doc = (await upload(member, 'id_front', tinyPng())).json().document;
    expect((await get(other, `/api/kyc/documents/${doc.id}/file`)).statusCode).toBe(404);
    expect((await get(manager, `/api/kyc/documents/${doc.id}/file`)).statusCode).toBe(404);
    expect((await get(null, `/api/kyc/documents/${doc.id}/file`)).statusCode).toBe(401);
    const as = await signIn(t, ADMIN, { targetUserPhone: OTHER });
    expect((await get(as, `/api/kyc/documents/${doc.id}/file`)).statusCode).toBe(404);
    admin = await signIn(t, ADMIN);
  });
});

describe('review', () => {
  it('admin routes: 401 anonymous, 403 members and managers', async () => {
    const doc = (await upload(member, 'selfie', tinyPng())).json().document;
    for (const who of [null, member, manager]) {
      const expected = who ? 403 : 401;
      expect((await get(who, '/api/admin/kyc/documents')).statusCode).toBe(expected);
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/kyc/documents/${doc.id}`,
        payload: { status: 'approved' },
        headers: who?.headers,
      });
      expect(res.statusCode).toBe(expected);
    }
  });

  it('derives the status: not_started, pending, rejected with a reason, approved', async () => {
    const { phone } = await createUser(t, { name: 'Kai Review' });
    const kai = await signIn(t, phone);
    expect((await get(kai, '/api/user/kyc/status')).json()).toEqual({ status: 'not_started', missing: ['id_front', 'id_back', 'selfie'] });
    const ids: Record<string, string> = {};
    for (const type of ['id_front', 'id_back', 'selfie']) ids[type] = (await upload(kai, type, tinyPng())).json().document.id;
    expect((await get(kai, '/api/user/kyc/status')).json()).toEqual({ status: 'pending', missing: [] });

    const queue = (await get(admin, '/api/admin/kyc/documents?status=pending')).json();
    expect(queue.documents.find((d: { id: string }) => d.id === ids.id_front)).toMatchObject({ user: { id: kai.userId, name: 'Kai Review', phone } });

    const patch = (id: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/kyc/documents/${id}`, payload, headers: admin.headers });
    const noReason = await patch(ids.selfie, { status: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('Give a reason so the member knows what to fix');
    expect((await patch(ids.selfie, { status: 'rejected', note: 'Face not visible' })).statusCode).toBe(200);
    expect((await get(kai, '/api/user/kyc/status')).json()).toEqual({ status: 'rejected', missing: ['selfie'] });
    const mine = (await get(kai, '/api/user/kyc/documents')).json().documents;
    expect(mine.find((d: { id: string }) => d.id === ids.selfie)).toMatchObject({ status: 'rejected', note: 'Face not visible' });

    await patch(ids.id_front, { status: 'approved' });
    await patch(ids.id_back, { status: 'approved' });
    const again = (await upload(kai, 'selfie', tinyPng())).json().document;
    expect((await get(kai, '/api/user/kyc/status')).json().status).toBe('pending');
    await patch(again.id, { status: 'approved' });
    expect((await get(kai, '/api/user/kyc/status')).json()).toEqual({ status: 'approved', missing: [] });
    expect((await patch('00000000-0000-4000-8000-000000000000', { status: 'approved' })).statusCode).toBe(404);
  });

  it('sends kyc_document_updated and kyc_status_updated to the owner and admins only', async () => {
    const doc = (await upload(member, 'id_front', tinyPng())).json().document;
    const seen: { audience: unknown; type: string; status?: string }[] = [];
    const live = t.app.ctx.live;
    const original = live.publish;
    live.publish = async (audience, event) => {
      seen.push({ audience, type: event.type, status: 'status' in event ? event.status : undefined });
    };
    try {
      await t.app.inject({ method: 'PATCH', url: `/api/admin/kyc/documents/${doc.id}`, payload: { status: 'approved' }, headers: admin.headers });
    } finally {
      live.publish = original;
    }
    const docEvent = seen.find((s) => s.type === 'kyc_document_updated')!;
    expect(docEvent.status).toBe('approved');
    // The owner by id and the admins as a role, resolved when the event is delivered.
    expect(docEvent.audience).toEqual([{ kind: 'user', userId: member.userId }, { kind: 'admins' }]);
    expect(JSON.stringify(docEvent.audience)).not.toContain(other.userId);
    expect(JSON.stringify(docEvent.audience)).not.toContain(manager.userId);
    expect(seen.some((s) => s.type === 'kyc_status_updated')).toBe(true);
  });
});

describe('with STORAGE_DRIVER=s3', () => {
  it('uploads to and serves from an S3-compatible bucket', async () => {
    const { startFakeS3 } = await import('#server/providers/storage/fake-s3.ts');
    const s3 = await startFakeS3();
    const app = await createTestApp({
      env: {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.url,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_REGION: s3.region,
      },
      seedDemo: false,
    });
    try {
      const who = await signedInMember(app);
      const data = tinyPdf('Bucket');
      const { payload, headers } = multipartBody({ type: 'proof_of_address' }, { filename: 'a.pdf', contentType: 'application/pdf', data });
      const res = await app.app.inject({ method: 'POST', url: '/api/user/kyc/documents', payload, headers: { ...who.headers, ...headers } });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().document.id;
      expect(s3.objects.get(`kyc/${who.userId}/${id}.pdf`)?.contentType).toBe('application/pdf');
      const file = await app.app.inject({ method: 'GET', url: `/api/kyc/documents/${id}/file`, headers: who.headers });
      expect(file.rawPayload.equals(data)).toBe(true);
      expect(s3.requests.every((r) => r.authorized)).toBe(true);
    } finally {
      await app.close();
      await s3.close();
    }
  });
});
