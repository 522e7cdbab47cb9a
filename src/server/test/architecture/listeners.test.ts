import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Decision 139: a module's listeners on another module's hooks are declared in its definition
// (`listeners: [() => onInvoicePaid(…)]`) and registered by buildApp, never by loading a file.
const root = join(import.meta.dirname, '..', '..', '..', '..');
const hookCall =
  /\b(onInvoicePaid|onHeldCardRevalued|onKycDocumentChanged|onSettingSaved|provideSessionRevoker|provideClientDirectory|provideRequesterDirectory|provideOpenClaimFinder)\(/g;
// Where each hook is defined (the function itself, not a call).
const definitions = new Set([
  'src/server/modules/money/money.settlement.ts',
  'src/server/modules/cards/cards.holds.ts',
  'src/server/modules/kyc/kyc.hooks.ts',
]);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Every hook call in a source text that is not a thunk in a module definition's `listeners`. */
export function registrationsOutsideDefinitions(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(hookCall)) {
    const line = text.slice(0, m.index).split('\n').length;
    const before = text.slice(text.lastIndexOf('\n', m.index) + 1, m.index);
    if (/export function\s*$/.test(before) || /^\s*(\*|\/\/)/.test(before)) continue;
    const listed = /\/index\.ts$/.test(file) && /\(\) =>\s*$/.test(before) && text.slice(0, m.index).lastIndexOf('listeners:') > -1;
    if (!listed) out.push(`${file}:${line}`);
  }
  return out;
}

describe('module listeners', { timeout: 30_000 }, () => {
  const sources = walk(join(root, 'src', 'server'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes(`${join('src', 'server', 'test')}`))
    .map((f) => ({ file: relative(root, f).split('\\').join('/'), text: readFileSync(f, 'utf8') }));

  it('are registered only from a module definition', () => {
    const found = sources.filter((s) => !definitions.has(s.file)).flatMap((s) => registrationsOutsideDefinitions(s.file, s.text));
    expect(found).toEqual([]);
    const listed = sources.filter((s) => /\/index\.ts$/.test(s.file) && s.text.match(hookCall));
    expect(listed.length).toBeGreaterThanOrEqual(7);
  });

  it('fails on a registration at module load', () => {
    expect(registrationsOutsideDefinitions('src/server/modules/x/x.service.ts', "onInvoicePaid('sale', handler);")).toEqual([
      'src/server/modules/x/x.service.ts:1',
    ]);
    expect(registrationsOutsideDefinitions('src/server/modules/x/index.ts', "onInvoicePaid('sale', handler);")).toEqual([
      'src/server/modules/x/index.ts:1',
    ]);
    expect(registrationsOutsideDefinitions('src/server/modules/x/index.ts', "defineModule({ listeners: [() => onInvoicePaid('sale', h)] })")).toEqual(
      [],
    );
  });
});
