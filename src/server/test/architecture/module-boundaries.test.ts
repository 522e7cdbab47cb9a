import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Decision 135 in code: modules reach each other only through their index (the lint rule, probed
// here), and neither the modules nor the files that load them import each other in a loop.

const root = join(import.meta.dirname, '..', '..', '..', '..');
const serverDir = join(root, 'src', 'server');
const modulesDir = join(serverDir, 'modules');
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Import specifiers that load code at run time (type-only imports are left out when `runtimeOnly`). */
function specifiers(text: string, runtimeOnly: boolean): string[] {
  const sf = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!(runtimeOnly && node.importClause?.isTypeOnly)) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!(runtimeOnly && node.isTypeOnly)) out.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The file a server specifier names, or null for packages and #common. */
function resolveSpecifier(from: string, spec: string): string | null {
  if (spec.startsWith('#server/')) return join(serverDir, spec.slice('#server/'.length));
  if (spec.startsWith('.')) return resolve(dirname(from), spec);
  return null;
}

const moduleOf = (file: string): string | null => {
  const rel = relative(modulesDir, file);
  return rel.startsWith('..') ? null : rel.split('/')[0];
};

const serverFiles = walk(serverDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** Module → the modules its code (tests left out: a test sits above its module) imports. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map(modules.map((m) => [m, new Set<string>()]));
  for (const file of serverFiles) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const spec of specifiers(readFileSync(file, 'utf8'), false)) {
      const target = resolveSpecifier(file, spec);
      const to = target && moduleOf(target);
      if (to && to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** Every elementary loop found by a depth-first walk, each as a path that ends where it starts. */
export function findCycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

/** Groups of files that import each other in a loop at run time (strongly connected, more than one file). */
function fileLoops(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) loops.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return loops;
}

const eslint = new ESLint({ cwd: root });
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => `${m.line}: ${m.message}`);
}

describe('the boundary checks themselves', { timeout: 30_000 }, () => {
  it(
    'the lint rule refuses deep imports into another module and any module import from lib, and lets the index through',
    { timeout: 60_000 },
    async () => {
      const inModule = 'src/server/modules/funds/probe.ts';
      expect(
        await boundaryErrors(
          inModule,
          "import { houseAccountId } from '#server/modules/cards/house-account.ts';\nexport const a = houseAccountId;\n",
        ),
      ).toEqual([expect.stringMatching(/^1: .*only through its index/)]);
      expect(await boundaryErrors(inModule, "import { x } from '../cards/cards.service.ts';\nexport const a = x;\n")).toEqual([
        expect.stringMatching(/^1: .*only through its index/),
      ]);
      expect(await boundaryErrors(inModule, "export const a = () => import('#server/modules/cards/cards.service.ts');\n")).toEqual([
        expect.stringMatching(/^1: .*only through its index/),
      ]);
      expect(
        await boundaryErrors(
          inModule,
          "import { houseAccountId } from '#server/modules/cards/index.ts';\nimport { fundUpdated } from './funds.events.ts';\nimport { audit } from '#server/lib/audit.ts';\nexport const a = [houseAccountId, fundUpdated, audit];\n",
        ),
      ).toEqual([]);

      const inLib = 'src/server/lib/probe.ts';
      expect(await boundaryErrors(inLib, "import { notify } from '#server/modules/notifications/index.ts';\nexport const a = notify;\n")).toEqual([
        expect.stringMatching(/^1: .*src\/server\/lib is below the modules/),
      ]);
      expect(await boundaryErrors(inLib, "export const a = () => import('#server/modules/audit/index.ts');\n")).toEqual([
        expect.stringMatching(/^1: .*src\/server\/lib is below the modules/),
      ]);

      expect(await boundaryErrors('src/server/app.probe.ts', "import { x } from './modules/cards/cards.routes.ts';\nexport const a = x;\n")).toEqual([
        expect.stringMatching(/^1: .*only through its index/),
      ]);
    },
  );

  it('the cycle finder finds direct and longer loops, and nothing in a tree', () => {
    const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));
    expect(findCycles(graph({ a: ['b'], b: ['a'] }))).toEqual([['a', 'b', 'a']]);
    expect(findCycles(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c', 'a']]);
    expect(findCycles(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
    expect(
      fileLoops(
        new Map([
          ['x', ['y']],
          ['y', ['x']],
          ['z', ['x']],
        ]),
      ),
    ).toEqual([['x', 'y']]);
  });
});

describe('server module boundaries (decision 135)', { timeout: 30_000 }, () => {
  it('every module has an index', () => {
    expect(modules.filter((m) => !existsSync(join(modulesDir, m, 'index.ts')))).toEqual([]);
  });

  it('no module imports another in a loop, directly or through others', () => {
    const cycles = findCycles(moduleGraph()).map((c) => c.join(' → '));
    expect(cycles).toEqual([]);
  });

  it('no run-time import loop spans two folders (a loop through an index breaks hooks registered at load)', () => {
    const graph = new Map(
      serverFiles.map((file) => [
        relative(root, file),
        specifiers(readFileSync(file, 'utf8'), true)
          .map((s) => resolveSpecifier(file, s))
          .filter((t): t is string => t !== null)
          .map((t) => relative(root, t)),
      ]),
    );
    const spanning = fileLoops(graph).filter((group) => new Set(group.map((f) => dirname(f))).size > 1);
    expect(spanning.map((g) => g.join(' ⇄ '))).toEqual([]);
  });
});
