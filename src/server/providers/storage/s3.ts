import { amzDate, EMPTY_SHA256, sha256Hex, signRequest, uriEncode } from './sigv4.ts';
import { assertSafeKey, type FileStorage } from './storage.ts';

export interface S3Options {
  /** e.g. https://s3.us-east-1.amazonaws.com, or a MinIO / R2 endpoint; path-style requests. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** For tests. */
  now?: () => Date;
  fetch?: typeof fetch;
}

/** An S3-compatible bucket over plain HTTP(S), each request signed with AWS SigV4. */
export class S3Storage implements FileStorage {
  readonly name = 's3' as const;
  private readonly base: URL;
  constructor(private readonly opts: S3Options) {
    this.base = new URL(opts.endpoint);
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    assertSafeKey(key);
    const basePath = this.base.pathname.replace(/\/+$/, '');
    const path = `${basePath}/${uriEncode(this.opts.bucket, false)}/${uriEncode(key, true)}`;
    const now = (this.opts.now ?? (() => new Date()))();
    const payloadHash = body ? sha256Hex(body) : EMPTY_SHA256;
    const headers: Record<string, string> = {
      host: this.base.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate(now),
    };
    if (contentType) headers['content-type'] = contentType;
    const { authorization } = signRequest(
      { accessKeyId: this.opts.accessKeyId, secretAccessKey: this.opts.secretAccessKey, region: this.opts.region },
      { method, path, headers, payloadHash, now },
    );
    const { host: _host, ...sent } = headers;
    void _host;
    const doFetch = this.opts.fetch ?? fetch;
    return doFetch(new URL(path, this.base), {
      method,
      headers: { ...sent, authorization },
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
  }

  private async fail(res: Response, what: string): Promise<never> {
    const text = (await res.text().catch(() => '')).slice(0, 300);
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    throw new Error(`S3 ${what} failed: ${res.status}${code ? ` ${code}` : ''}`);
  }

  async put(key: string, data: Buffer, contentType: string) {
    const res = await this.send('PUT', key, data, contentType);
    if (!res.ok) await this.fail(res, 'PUT');
    await res.arrayBuffer();
  }

  async get(key: string) {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok) await this.fail(res, 'GET');
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string) {
    const res = await this.send('DELETE', key);
    if (!res.ok && res.status !== 404) await this.fail(res, 'DELETE');
    await res.arrayBuffer();
  }
}
