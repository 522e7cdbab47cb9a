import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mustNotCopy } from './vite-inline-safe.ts';

function ourModule(name: string, code: string) {
  const dir = join(mkdtempSync(join(tmpdir(), 'inline-safe-')), 'src', 'web');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, code);
  return file;
}

describe('which modules may be copied into several chunks', () => {
  it('lets icons and stateless modules of ours be copied', () => {
    expect(mustNotCopy('/app/node_modules/lucide-react/dist/esm/icons/bell.mjs')).toBe(false);
    expect(mustNotCopy(ourModule('card.tsx', 'export function Card() { return null; }\nconst sizes = { sm: 1 };\n'))).toBe(false);
    expect(mustNotCopy(ourModule('keys.ts', "export const keys = { me: ['/api/auth/me'] as const };\n"))).toBe(false);
  });

  it('keeps single every module that may hold state, and every other package', () => {
    for (const code of [
      'let loaded = null;\n',
      'export let count = 0;\n',
      'const Ctx = createContext<string | null>(null);\n',
      'export const seen = new Set<string>();\n',
      "const Page = lazy(() => import('./page.tsx'));\n",
      'const store = createToastStore();\n',
    ]) {
      expect(mustNotCopy(ourModule('stateful.ts', code)), code).toBe(true);
    }
    expect(mustNotCopy('/app/node_modules/@radix-ui/react-dismissable-layer/dist/index.mjs')).toBe(true);
    expect(mustNotCopy('/app/node_modules/recharts/es6/context/tooltipContext.js')).toBe(true);
    expect(mustNotCopy('/app/src/web/missing-file.ts')).toBe(true);
  });
});
