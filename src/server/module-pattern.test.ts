import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Decision 009 in code: what a routes file, a service and an import may and may not do.

const serverDir = import.meta.dirname;
const root = join(serverDir, '..', '..');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}
const sources = walk(serverDir)
  .filter((f) => f.endsWith('.ts'))
  .map((file) => ({ file: relative(root, file), text: readFileSync(file, 'utf8') }));

function moduleSpecifiers(text: string): string[] {
  const sf = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0])) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** What a routes file must not do: query or write the database itself, or read the caller's address. */
function routesProblems(text: string): string[] {
  const problems: string[] = [];
  for (const spec of moduleSpecifiers(text)) {
    if (spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/')) problems.push(`imports ${spec}`);
    if (/(^|\/)db\/schema(\.ts|\/)/.test(spec)) problems.push(`imports the schema (${spec})`);
  }
  if (/\breq(uest)?\.ip\b/.test(text)) problems.push('reads req.ip (the actor carries the address)');
  return problems;
}

/** Exported service functions whose first parameter is the database handle rather than ctx. */
function servicesTakingDb(text: string): string[] {
  const sf = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest);
  const out: string[] = [];
  const check = (name: string, params: ts.NodeArray<ts.ParameterDeclaration>) => {
    const first = params[0];
    if (!first || !ts.isIdentifier(first.name)) return;
    const type = first.type?.getText(sf) ?? '';
    // `tx` is allowed: a helper that runs inside its caller's transaction.
    if (first.name.text === 'db' || (first.name.text !== 'tx' && /^Db\b/.test(type))) out.push(name);
  };
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const node of sf.statements) {
    if (ts.isFunctionDeclaration(node) && exported(node) && node.name) check(node.name.text, node.parameters);
    if (ts.isVariableStatement(node) && exported(node)) {
      for (const d of node.declarationList.declarations) {
        const init = d.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && ts.isIdentifier(d.name)) check(d.name.text, init.parameters);
      }
    }
  }
  return out;
}

const moduleFiles = sources.filter((s) => s.file.startsWith('src/server/modules/') && !s.file.endsWith('.test.ts'));

describe('the checks themselves', () => {
  it('flag what they are meant to flag', () => {
    expect(routesProblems(`import { eq } from 'drizzle-orm';\nimport { users } from '#server/db/schema/users.ts';\nconst a = req.ip;`)).toHaveLength(
      3,
    );
    expect(routesProblems(`import { byClientIp } from '#server/plugins/rate-limit.ts';\nconst a = req.actor.ip;`)).toEqual([]);
    expect(
      servicesTakingDb(
        `export async function a(db: Db, id: string) {}\nexport const b = (conn: Db) => 1;\nexport function c(tx: Db) {}\nexport function d(ctx: AppContext, actor: Actor, input: {}) {}`,
      ),
    ).toEqual(['a', 'b']);
  });
});

describe('the module pattern (decision 009)', () => {
  it('routes validate, guard and call a service: no Drizzle, no schema, no req.ip', () => {
    const routes = moduleFiles.filter((s) => s.file.endsWith('.routes.ts'));
    expect(routes.length).toBeGreaterThan(10);
    const found = routes.flatMap((s) => routesProblems(s.text).map((p) => `${s.file}: ${p}`));
    expect(found).toEqual([]);
  });

  it('no exported service function takes the database as its first parameter', () => {
    const services = moduleFiles.filter((s) => s.file.endsWith('.service.ts'));
    expect(services.length).toBeGreaterThan(10);
    const found = services.flatMap((s) => servicesTakingDb(s.text).map((name) => `${s.file}: ${name}`));
    expect(found).toEqual([]);
  });

  it("only a module's events file publishes live events", () => {
    const found = moduleFiles
      .filter((s) => !s.file.endsWith('.events.ts') && /\.live\.(publish|disconnect|sessionsChanged|settingsChanged)\(/.test(s.text))
      .map((s) => s.file);
    expect(found).toEqual([]);
  });

  it('server code imports through #server/* and #common/*, never ../', () => {
    const found = sources.flatMap((s) =>
      moduleSpecifiers(s.text)
        .filter((spec) => spec.startsWith('../'))
        .map((spec) => `${s.file}: ${spec}`),
    );
    expect(found).toEqual([]);
  });
});
