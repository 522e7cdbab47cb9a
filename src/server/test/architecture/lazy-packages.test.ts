// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Packages the server needs only for some requests or some configurations; loading them at start
 * cost about 0.2 s of CPU, and Stripe's SDK and the API reference's script another 0.25 s (decision 144).
 */
const LAZY = ['pdfkit', 'sharp', 'marked', 'sanitize-html', 'stripe', '@scalar/fastify-api-reference', 'pg'];

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

/** Static value imports of a lazy package in one source text (type-only imports load nothing). */
export const staticImportsOf = (source: string) =>
  [...source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]).filter((spec) => LAZY.includes(spec));

describe('packages loaded on first use', () => {
  it('tells a static import from a type-only or dynamic one', () => {
    expect(staticImportsOf("import sharp from 'sharp';")).toEqual(['sharp']);
    expect(staticImportsOf("import {\n  marked,\n} from 'marked';")).toEqual(['marked']);
    expect(staticImportsOf("import type sharpType from 'sharp';\nconst m = () => import('pdfkit');")).toEqual([]);
  });

  it('are never imported statically by server code that runs at start', () => {
    const offending = walk(serverDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes(`${join('server', 'test')}`))
      .flatMap((f) => staticImportsOf(readFileSync(f, 'utf8')).map((spec) => `${relative(serverDir, f)}: ${spec}`));
    expect(offending).toEqual([]);
  });
});
