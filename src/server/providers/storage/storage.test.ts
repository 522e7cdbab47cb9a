import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from './fake-s3.ts';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';
import type { FileStorage } from './storage.ts';
import { canonicalRequest, EMPTY_SHA256, signRequest } from './sigv4.ts';

describe('AWS SigV4', () => {
  // The "GET Object" example of the S3 documentation (Authenticating Requests: AWS Signature Version 4).
  it('matches the published example signature', () => {
    const input = {
      method: 'GET',
      path: '/test.txt',
      headers: {
        Host: 'examplebucket.s3.amazonaws.com',
        Range: 'bytes=0-9',
        'x-amz-content-sha256': EMPTY_SHA256,
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: EMPTY_SHA256,
      now: new Date('2013-05-24T00:00:00Z'),
    };
    expect(canonicalRequest(input).signedHeaders).toBe('host;range;x-amz-content-sha256;x-amz-date');
    const out = signRequest(
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' },
      input,
    );
    expect(out.stringToSign.split('\n').at(-1)).toBe('7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972');
    expect(out.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(out.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('S3 storage against a local S3-compatible server', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => s3.close());
  const storage = () =>
    new S3Storage({ endpoint: s3.url, bucket: s3.bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, region: s3.region });

  it('puts, gets and deletes objects with signed requests', async () => {
    const st = storage();
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await st.put('kyc/u1/abc.png', data, 'image/png');
    expect(s3.objects.get('kyc/u1/abc.png')).toEqual({ body: data, contentType: 'image/png' });
    expect((await st.get('kyc/u1/abc.png'))!.equals(data)).toBe(true);
    await st.delete('kyc/u1/abc.png');
    expect(await st.get('kyc/u1/abc.png')).toBeNull();
    expect(s3.requests.every((r) => r.authorized)).toBe(true);
  });

  it('fails clearly with wrong keys', async () => {
    const bad = new S3Storage({ endpoint: s3.url, bucket: s3.bucket, accessKeyId: s3.accessKeyId, secretAccessKey: 'wrong', region: s3.region });
    await expect(bad.put('kyc/u1/x.pdf', Buffer.from('%PDF-1.4'), 'application/pdf')).rejects.toThrow('S3 PUT failed: 403 SignatureDoesNotMatch');
  });

  it('refuses keys it did not make', async () => {
    await expect(storage().get('../secret')).rejects.toThrow('Invalid storage key');
  });
});

describe('local storage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storage-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes owner-only files and reads them back', async () => {
    const st: FileStorage = new LocalStorage(dir);
    await st.put('kyc/u2/f.pdf', Buffer.from('%PDF-1.4 x'), 'application/pdf');
    expect((await st.get('kyc/u2/f.pdf'))!.toString()).toBe('%PDF-1.4 x');
    expect(statSync(join(dir, 'kyc/u2/f.pdf')).mode & 0o777).toBe(0o600);
    await st.delete('kyc/u2/f.pdf');
    expect(await st.get('kyc/u2/f.pdf')).toBeNull();
    await expect(st.put('../../etc/x', Buffer.from('x'), 'text/plain')).rejects.toThrow('Invalid storage key');
    await expect(st.get('/etc/passwd')).rejects.toThrow('Invalid storage key');
  });
});
