import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

describe('zod in the browser', () => {
  it('never calls eval (new Function) when parsing, so the CSP reports no violation', async () => {
    const RealFunction = globalThis.Function;
    const calls: unknown[][] = [];
    vi.stubGlobal(
      'Function',
      new Proxy(RealFunction, {
        construct(target, args) {
          calls.push(args);
          return Reflect.construct(target, args) as object;
        },
      }),
    );
    vi.resetModules();
    await import('#common/zod-config.ts');
    const { z } = await import('zod');
    expect(z.object({ a: z.string(), b: z.number() }).parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
    expect(calls).toEqual([]);
  });

  it('is configured by the web entry before anything else loads', () => {
    const entry = readFileSync('src/web/main.tsx', 'utf8');
    expect(entry.match(/^import .*$/m)?.[0]).toBe("import '#common/zod-config.ts';");
  });
});
