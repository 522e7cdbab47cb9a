/**
 * A local stand-in for an S3-compatible object store (path-style PUT / GET / DELETE of objects),
 * that checks each request's AWS SigV4 signature the way S3 does and answers S3's XML errors.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256Hex, signRequest } from './sigv4.ts';

export interface FakeS3 {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: { method: string; path: string; authorized: boolean }[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function startFakeS3(opts: { bucket?: string; accessKeyId?: string; secretAccessKey?: string; region?: string } = {}): Promise<FakeS3> {
  const bucket = opts.bucket ?? 'kyc-bucket';
  const accessKeyId = opts.accessKeyId ?? 'AKIAFAKEFAKEFAKE0001';
  const secretAccessKey = opts.secretAccessKey ?? 'fake/secret/key/for/tests/only/0000000000';
  const region = opts.region ?? 'us-east-1';
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: FakeS3['requests'] = [];

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://x');
    const auth = String(req.headers.authorization ?? '');
    const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
    let authorized = false;
    if (m && m[1] === accessKeyId && m[3] === region) {
      const amz = String(req.headers['x-amz-date'] ?? '');
      const hash = String(req.headers['x-amz-content-sha256'] ?? '');
      const headers: Record<string, string> = {};
      for (const h of m[4].split(';')) headers[h] = String(req.headers[h] ?? '');
      const now = new Date(`${amz.slice(0, 4)}-${amz.slice(4, 6)}-${amz.slice(6, 8)}T${amz.slice(9, 11)}:${amz.slice(11, 13)}:${amz.slice(13, 15)}Z`);
      const expected = signRequest(
        { accessKeyId, secretAccessKey, region },
        { method: req.method ?? 'GET', path: url.pathname, headers, payloadHash: hash, now },
      );
      authorized = expected.signature === m[5] && hash === sha256Hex(body) && m[4].includes('host') && amz.startsWith(m[2]);
    }
    requests.push({ method: req.method ?? '', path: url.pathname, authorized });
    if (!authorized) {
      res.writeHead(403, { 'Content-Type': 'application/xml' });
      return res.end(xmlError('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.'));
    }
    const prefix = `/${bucket}/`;
    if (!url.pathname.startsWith(prefix)) {
      res.writeHead(404, { 'Content-Type': 'application/xml' });
      return res.end(xmlError('NoSuchBucket', 'The specified bucket does not exist'));
    }
    const key = decodeURIComponent(url.pathname.slice(prefix.length));
    if (req.method === 'PUT') {
      objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
      res.writeHead(200, { ETag: `"${sha256Hex(body).slice(0, 32)}"` });
      return res.end();
    }
    if (req.method === 'GET') {
      const o = objects.get(key);
      if (!o) {
        res.writeHead(404, { 'Content-Type': 'application/xml' });
        return res.end(xmlError('NoSuchKey', 'The specified key does not exist.'));
      }
      res.writeHead(200, { 'Content-Type': o.contentType, 'Content-Length': o.body.length });
      return res.end(o.body);
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    res.writeHead(405);
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    region,
    objects,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
