import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Decision 135, "a module reads only its own tables": every table has one owning module, and a
// module's code names no other module's table, neither as a Drizzle table object nor in raw SQL.
// Another module's data comes through that module's index (functions or a read-only read model).

const root = join(import.meta.dirname, '..', '..', '..', '..');
const serverDir = join(root, 'src', 'server');
const schemaDir = join(serverDir, 'db', 'schema');
const modulesDir = join(serverDir, 'modules');

/** Owner by schema file; `lib` owns what only the building blocks below the modules write. */
const ownerByFile: Record<string, string> = {
  'alerts.ts': 'alerts',
  'cards.ts': 'cards',
  'cert-claims.ts': 'cert-claims',
  'funds.ts': 'funds',
  'hunts.ts': 'hunts',
  'jobs.ts': 'lib',
  'ledger.ts': 'ledger',
  'lending.ts': 'lending',
  'market-index.ts': 'market-index',
  'marketplace.ts': 'marketplace',
  'money.ts': 'money',
  'notifications.ts': 'notifications',
  'onboarding.ts': 'onboarding',
  'platform.ts': 'legal',
  'share-links.ts': 'share-links',
  'sms.ts': 'sms-convos',
  'users.ts': 'users',
  'vault.ts': 'vault',
};

/** Tables whose owner is not their schema file's (decision 135). */
const ownerByTable: Record<string, string> = {
  sessions: 'auth',
  otp_challenges: 'auth',
  otp_failures: 'auth',
  audit_log: 'audit',
  access_requests: 'access-requests',
  access_request_events: 'access-requests',
  settings: 'settings',
  page_views: 'analytics',
  kyc_documents: 'kyc',
  kyc_document_events: 'kyc',
};

/**
 * Reads of another module's tables that are reporting read models by design, each with its reason.
 * Keyed `module:table`; a stale entry (nothing left to excuse) fails the test too.
 */
export const allowlist: Record<string, string> = {
  'admin-dashboard:access_requests':
    "A reporting read model by design: the admin dashboard's counts and sums, one read-only SQL statement per panel over every module's tables.",
  'admin-dashboard:cards':
    "A reporting read model by design: the admin dashboard's counts and sums, one read-only SQL statement per panel over every module's tables.",
  'admin-dashboard:fund_valuations':
    "A reporting read model by design: the admin dashboard's counts and sums, one read-only SQL statement per panel over every module's tables.",
  'admin-dashboard:funds':
    "A reporting read model by design: the admin dashboard's counts and sums, one read-only SQL statement per panel over every module's tables.",
  'admin-dashboard:hunts':
    "A reporting read model by design: the admin dashboard's counts and sums, one read-only SQL statement per panel over every module's tables.",
  'admin-dashboard:invoices':
    "A reporting read model by design: the admin dashboard's counts and sums, one read-only SQL statement per panel over every module's tables.",
  'admin-dashboard:kyc_documents':
    "A reporting read model by design: the admin dashboard's counts and sums, one read-only SQL statement per panel over every module's tables.",
  'admin-dashboard:listings':
    "A reporting read model by design: the admin dashboard's counts and sums, one read-only SQL statement per panel over every module's tables.",
  'admin-dashboard:loan_collateral':
    "A reporting read model by design: the admin dashboard's counts and sums, one read-only SQL statement per panel over every module's tables.",
  'admin-dashboard:loan_installments':
    "A reporting read model by design: the admin dashboard's counts and sums, one read-only SQL statement per panel over every module's tables.",
  'admin-dashboard:loans':
    "A reporting read model by design: the admin dashboard's counts and sums, one read-only SQL statement per panel over every module's tables.",
  'admin-dashboard:sales':
    "A reporting read model by design: the admin dashboard's counts and sums, one read-only SQL statement per panel over every module's tables.",
  'admin-dashboard:sms_messages':
    "A reporting read model by design: the admin dashboard's counts and sums, one read-only SQL statement per panel over every module's tables.",
  'admin-dashboard:sources':
    "A reporting read model by design: the admin dashboard's counts and sums, one read-only SQL statement per panel over every module's tables.",
  'admin-dashboard:users':
    "A reporting read model by design: the admin dashboard's counts and sums, one read-only SQL statement per panel over every module's tables.",
};

type Table = { name: string; exportName: string; schemaFile: string; owner: string };

async function loadTables(): Promise<Table[]> {
  const tables: Table[] = [];
  for (const file of readdirSync(schemaDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const exports = (await import(join(schemaDir, file))) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exports)) {
      if (!is(value, PgTable)) continue;
      const name = getTableName(value);
      tables.push({ name, exportName, schemaFile: file, owner: ownerByTable[name] ?? ownerByFile[file] });
    }
  }
  return tables;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

export type Offence = { module: string; file: string; table: string; how: string };

/** Where one module's source names a table it does not own. `file` is relative to the repo root. */
export function offencesIn(module: string, file: string, text: string, tables: readonly Table[]): Offence[] {
  const out: Offence[] = [];
  const byExport = new Map(tables.map((t) => [`${t.schemaFile}:${t.exportName}`, t]));
  const exportNames = new Map(tables.map((t) => [t.exportName, t]));
  const foreign = tables.filter((t) => t.owner !== module);
  const sqlRef = foreign.length
    ? new RegExp(`\\b(?:from|join|update|into|table)\\s+(?:"?public"?\\.)?"?(${foreign.map((t) => t.name).join('|')})"?(?![\\w"])`, 'gi')
    : null;
  const add = (table: Table | undefined, how: string) => {
    if (table && table.owner !== module) out.push({ module, file, table: table.name, how });
  };
  const schemaFileOf = (spec: string): string | null => {
    const abs = spec.startsWith('#server/')
      ? join(serverDir, spec.slice('#server/'.length))
      : spec.startsWith('.')
        ? resolve(dirname(join(root, file)), spec)
        : null;
    return abs && dirname(abs) === schemaDir ? basename(abs) : null;
  };
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const schemaFile = schemaFileOf(node.moduleSpecifier.text);
      const clause = node.importClause;
      if (schemaFile && clause && !clause.isTypeOnly) {
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) {
          for (const t of tables.filter((x) => x.schemaFile === schemaFile)) add(t, `import * from ${schemaFile}`);
        } else if (bindings) {
          for (const el of bindings.elements) {
            if (el.isTypeOnly) continue;
            add(byExport.get(`${schemaFile}:${(el.propertyName ?? el.name).text}`), 'import');
          }
        }
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const schemaFile = schemaFileOf(node.moduleSpecifier.text);
      if (schemaFile && !node.isTypeOnly) {
        const clause = node.exportClause;
        if (!clause) for (const t of tables.filter((x) => x.schemaFile === schemaFile)) add(t, `export * from ${schemaFile}`);
        else if (ts.isNamedExports(clause))
          for (const el of clause.elements) if (!el.isTypeOnly) add(byExport.get(`${schemaFile}:${(el.propertyName ?? el.name).text}`), 're-export');
      }
    } else if (
      // Drizzle's relational API: db.query.<table>
      ts.isPropertyAccessExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'query' &&
      /db$/i.test(node.expression.expression.getText(sf))
    ) {
      add(exportNames.get(node.name.text), 'db.query');
    } else if (
      sqlRef &&
      (ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node) ||
        ts.isStringLiteral(node))
    ) {
      for (const m of node.text.matchAll(sqlRef))
        add(
          tables.find((t) => t.name === m[1].toLowerCase()),
          'raw SQL',
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const tables = await loadTables();

function allOffences(): Offence[] {
  const out: Offence[] = [];
  for (const module of readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const abs of walk(join(modulesDir, module.name)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      out.push(...offencesIn(module.name, relative(root, abs), readFileSync(abs, 'utf8'), tables));
    }
  }
  return out;
}

describe('the table check itself', () => {
  const probe = (text: string, module = 'marketplace') => offencesIn(module, `src/server/modules/${module}/probe.ts`, text, tables);

  it('finds an imported foreign table, a renamed one, a re-export, a namespace import, a relational query and raw SQL', () => {
    expect(probe("import { cards, listings } from '#server/db/schema/cards.ts';\nexport const a = cards;\n")).toEqual([
      { module: 'marketplace', file: 'src/server/modules/marketplace/probe.ts', table: 'cards', how: 'import' },
    ]);
    expect(probe("import { users as u } from '../../db/schema/users.ts';\n").map((o) => o.table)).toEqual(['users']);
    expect(probe("export { cardEvents } from '#server/db/schema/cards.ts';\n").map((o) => o.table)).toEqual(['card_events']);
    expect(probe("import * as s from '#server/db/schema/cert-claims.ts';\n").map((o) => o.table)).toEqual(['cert_claims', 'cert_claim_events']);
    expect(probe('export const a = (ctx) => ctx.db.query.users.findFirst();\n').map((o) => o.table)).toEqual(['users']);
    expect(probe('const q = sql`SELECT count(*) FROM "cards" c JOIN users u ON u.id = c.owner_id`;\n').map((o) => o.table)).toEqual([
      'cards',
      'users',
    ]);
  });

  it('lets a module use its own tables, a foreign type, non-table exports and words that only look like tables', () => {
    expect(probe("import { listings, sales } from '#server/db/schema/marketplace.ts';\nexport const a = [listings, sales];\n")).toEqual([]);
    expect(probe("import type { cards } from '#server/db/schema/cards.ts';\nimport { type users } from '#server/db/schema/users.ts';\n")).toEqual([]);
    expect(probe("import { statusEventColumns } from '#server/db/schema/status-events.ts';\n")).toEqual([]);
    expect(probe("const m = 'Pick cards from the vault'; const s = sql`SELECT * FROM listings_archive`;\n")).toEqual([]);
    expect(probe("import { users } from '#server/db/schema/users.ts';\n", 'users')).toEqual([]);
    expect(probe("import { sessions } from '#server/db/schema/users.ts';\n", 'auth')).toEqual([]);
    expect(probe("import { sessions } from '#server/db/schema/users.ts';\n", 'users').map((o) => o.table)).toEqual(['sessions']);
  });
});

describe('a module reads only its own tables (decision 135)', () => {
  it('every table has an owner, and every owner is a module folder or lib', () => {
    const folders = new Set([...readdirSync(modulesDir), 'lib']);
    expect(tables.length).toBeGreaterThan(50);
    expect(tables.filter((t) => !t.owner || !folders.has(t.owner)).map((t) => `${t.schemaFile}: ${t.name} → ${t.owner}`)).toEqual([]);
    expect(Object.keys(ownerByTable).filter((name) => !tables.some((t) => t.name === name))).toEqual([]);
  });

  it('no module names another module’s table outside the reasoned allowlist', { timeout: 60_000 }, () => {
    const offences = allOffences();
    const unexcused = offences.filter((o) => !allowlist[`${o.module}:${o.table}`]);
    const listed = [...new Set(unexcused.map((o) => `${o.module}: ${o.file}: ${o.table} (${o.how})`))].sort();
    expect(listed).toEqual([]);
    const stale = Object.keys(allowlist).filter((key) => !offences.some((o) => `${o.module}:${o.table}` === key));
    expect(stale).toEqual([]);
    expect(Object.entries(allowlist).filter(([, reason]) => reason.trim().length < 20)).toEqual([]);
  });
});
