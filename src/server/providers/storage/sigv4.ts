import { createHash, createHmac } from 'node:crypto';

/** AWS Signature Version 4 for S3 requests, by hand (header-based, single chunk). */
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as S3 wants it; slashes kept in paths. */
export function uriEncode(s: string, keepSlash: boolean) {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%2F/g, keepSlash ? '/' : '%2F');
}

export const amzDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface SignInput {
  method: string;
  /** Already URI-encoded path, e.g. /bucket/kyc/abc.png */
  path: string;
  query?: Record<string, string>;
  /** Header names in any case; host must be among them. */
  headers: Record<string, string>;
  payloadHash: string;
  now: Date;
}

export function canonicalRequest(input: SignInput) {
  const headers = Object.entries(input.headers)
    .map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = headers.map(([k]) => k).join(';');
  const query = Object.entries(input.query ?? {})
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [
    input.method.toUpperCase(),
    input.path,
    query,
    headers.map(([k, v]) => `${k}:${v}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  return { canonical, signedHeaders };
}

/** The Authorization header value for a request. */
export function signRequest(creds: SigV4Credentials, input: SignInput) {
  const service = creds.service ?? 's3';
  const date = amzDate(input.now);
  const day = date.slice(0, 8);
  const scope = `${day}/${creds.region}/${service}/aws4_request`;
  const { canonical, signedHeaders } = canonicalRequest(input);
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    signature,
    stringToSign,
  };
}
