import type { Config } from '#server/config.ts';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';

/** Where uploaded files live: a local folder outside anything served, or an S3-compatible bucket. */
export interface FileStorage {
  readonly name: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** Keys are made by the server only: lower-case segments of letters, digits, dots, dashes, underscores. */
const KEY = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*(\.[a-z0-9]+)?$/;
export function assertSafeKey(key: string) {
  if (!KEY.test(key) || key.includes('..') || key.length > 200) throw new Error('Invalid storage key');
}

export function createStorage(config: Config): FileStorage {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      endpoint: config.S3_ENDPOINT!,
      bucket: config.S3_BUCKET!,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      region: config.S3_REGION,
    });
  }
  return new LocalStorage(config.uploadsDir);
}
