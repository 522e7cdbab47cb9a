import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { runWithCodeCache } from './code-cache.ts';

// A bundle whose start runs a function large enough that its compiled code shows in the cache.
const body = Array.from({ length: 400 }, (_, i) => `  total += Math.sqrt(${i}) * ${i % 7};`).join('\n');
const bundle = (marker: string) => `
'use strict';
function startUp() {
  let total = 0;
${body}
  return total;
}
exports.total = startUp();
exports.marker = ${JSON.stringify(marker)};
exports.file = __filename;
exports.path = import('node:path').then((m) => typeof m.join);
`;

let dir = '';
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  dir = '';
});

function writeBundle(marker: string) {
  dir ||= mkdtempSync(join(tmpdir(), 'code-cache-'));
  const file = join(dir, 'server.cjs');
  writeFileSync(file, bundle(marker));
  return file;
}

/**
 * One start in a process of its own, as the server starts: within one process V8 keeps what it
 * compiled and would not even read a cache given for the same source again.
 */
function startInChild(file: string): { cache: string; marker: string; saved: boolean } {
  const script = `import { runWithCodeCache } from ${JSON.stringify(join(import.meta.dirname, 'code-cache.ts'))};
const run = runWithCodeCache(${JSON.stringify(file)});
console.log(JSON.stringify({ cache: run.cache, marker: run.exports.marker, saved: run.saveCache() }));`;
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }));
}

describe('runWithCodeCache', () => {
  it('runs the bundle as CommonJS, dynamic imports included, and has no cache at the first start', async () => {
    const file = writeBundle('a');
    const run = runWithCodeCache(file);
    expect(run.cache).toBe('missing');
    expect(run.exports.marker).toBe('a');
    expect(run.exports.file).toBe(file);
    await expect(run.exports.path).resolves.toBe('function');
  });

  it('writes a cache that holds the functions the start ran, and the next start uses it', () => {
    const file = writeBundle('a');
    const first = runWithCodeCache(file);
    expect(first.saveCache()).toBe(true);
    // Compiled before running, the cache would hold the top level only (what Node's own cache keeps).
    const beforeRunning = new Script(`(function (exports, require, module, __filename, __dirname) {${bundle('a')}\n})`).createCachedData();
    expect(statSync(first.cacheFile).size).toBeGreaterThan(beforeRunning.length * 2);

    expect(startInChild(file)).toEqual({ cache: 'accepted', marker: 'a', saved: false });
    expect(readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('a rebuilt bundle starts a new cache rather than using the old one', () => {
    const file = writeBundle('a');
    runWithCodeCache(file).saveCache();
    writeFileSync(file, bundle('b'));
    utimesSync(file, new Date(), new Date(Date.now() + 5_000)); // a rebuild within the same millisecond still moves on
    expect(startInChild(file)).toEqual({ cache: 'missing', marker: 'b', saved: true });
  });

  it('a damaged cache is refused by V8, the bundle still runs, and the cache is written again', () => {
    const file = writeBundle('a');
    const first = runWithCodeCache(file);
    first.saveCache();
    writeFileSync(first.cacheFile, Buffer.alloc(statSync(first.cacheFile).size, 7));
    expect(startInChild(file)).toEqual({ cache: 'rejected', marker: 'a', saved: true });
    expect(startInChild(file)).toEqual({ cache: 'accepted', marker: 'a', saved: false });
  });
});
