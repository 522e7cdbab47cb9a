// The built server writes its V8 code cache once it has started, and the next start of the same
// build reads it instead of writing it again (decision 151).
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './support/server.ts';

// A copy of this run's build, inside the project (the server finds package.json above it); copied
// files get a new modification time, so this build has no cache yet.
const copy = join('node_modules', '.cache', `built-server-${process.pid}`);
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const cacheFiles = () => readdirSync(join(copy, 'chunks')).filter((f) => f.endsWith('.v8cache'));

describe('the built server', () => {
  it('writes its code cache after its first start and reuses it at the next', async () => {
    mkdirSync(copy, { recursive: true });
    cpSync('dist-server', copy, { recursive: true, filter: (src) => !src.endsWith('.v8cache') });
    expect(cacheFiles()).toEqual([]);

    const first = await startServer({}, { entry: join(copy, 'main.js') });
    try {
      await expect.poll(cacheFiles).toHaveLength(1);
      expect((await fetch(`${first.url}/api/auth/me`)).status).toBe(401);
    } finally {
      await first.stop();
    }
    const [cache] = cacheFiles();
    const written = statSync(join(copy, 'chunks', cache)).mtimeMs;
    expect(readdirSync(join(copy, 'chunks')).filter((f) => f.endsWith('.partial'))).toEqual([]);

    const second = await startServer({}, { entry: join(copy, 'main.js') });
    try {
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${second.url}/api/auth/me`)).status).toBe(401);
    } finally {
      await second.stop();
    }
    // Accepted, so not written again.
    expect(cacheFiles()).toEqual([cache]);
    expect(statSync(join(copy, 'chunks', cache)).mtimeMs).toBe(written);
    expect(existsSync(join(copy, 'chunks', 'server.cjs'))).toBe(true);
  }, 120_000);
});
