import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { isSupportedNode, MIN_NODE_MAJOR, nodeMajor } from './runtime.ts';

const root = join(import.meta.dirname, '../..');

/** Every package directory under node_modules, nested ones included. */
function packageDirs(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      packageDirs(path, out);
      continue;
    }
    if (existsSync(join(path, 'package.json'))) out.push(path);
    packageDirs(join(path, 'node_modules'), out);
  }
  return out;
}

describe('the Node the tests run on', () => {
  it('is a supported LTS (npm scripts and npx run the Node installed in node_modules)', () => {
    expect(nodeMajor()).toBeGreaterThanOrEqual(MIN_NODE_MAJOR);
  });

  it('is accepted by the engines field of every installed package and of the project', () => {
    const dirs = packageDirs(join(root, 'node_modules'));
    expect(dirs.length).toBeGreaterThan(100);
    const rejecting: string[] = [];
    for (const dir of [root, ...dirs]) {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string; engines?: { node?: unknown } };
      const range = pkg.engines?.node;
      if (typeof range !== 'string' || range.trim() === '') continue;
      if (!semver.satisfies(process.versions.node, range, { includePrerelease: true }))
        rejecting.push(`${pkg.name}@${pkg.version} wants node ${range}`);
    }
    expect(rejecting).toEqual([]);
  });
});

describe('isSupportedNode', () => {
  it('accepts 22 and later, rejects 20', () => {
    expect(isSupportedNode('v20.19.0')).toBe(false);
    expect(isSupportedNode('22.12.0')).toBe(true);
    expect(isSupportedNode('24.21.0')).toBe(true);
  });
});
