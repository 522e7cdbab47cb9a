import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handWrittenStatusWrites } from './status-changes.ts';

// Decision 136 in code: a status changes only through transition() (lib/transition.ts), which
// checks the aggregate's map and writes its history.

const root = join(import.meta.dirname, '..', '..', '..', '..');
const serverDir = join(root, 'src', 'server');

/** Statuses that are not an aggregate's, each with why it may be written directly. */
const allowed: Record<string, string> = {
  'src/server/modules/sms-convos/sms-delivery.service.ts':
    "Twilio's delivery report about one outbound SMS: the provider's status, applied forward by rank as reports arrive out of order; no status machine of ours.",
};

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

const sources = walk(serverDir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((file) => ({ file: relative(root, file).split('\\').join('/'), text: readFileSync(file, 'utf8') }))
  .filter(({ file }) => file !== 'src/server/lib/transition.ts' && !file.startsWith('src/server/test/'));

describe('status changes', { timeout: 30_000 }, () => {
  it('go through transition(): no hand-written status update in the server source', () => {
    const found = sources.flatMap(({ file, text }) =>
      file in allowed ? [] : handWrittenStatusWrites(text).map((w) => `${file}:${w.line} ${w.text}`),
    );
    expect(found).toEqual([]);
  });

  it('allows only files that exist and still write a status by hand', () => {
    for (const [file, reason] of Object.entries(allowed)) {
      expect(reason.length).toBeGreaterThan(20);
      const source = sources.find((s) => s.file === file);
      expect(source, file).toBeDefined();
      expect(handWrittenStatusWrites(source!.text), file).not.toEqual([]);
    }
  });

  it('the detector flags hand-written updates and passes legal code (probe)', () => {
    const bad = [
      "await tx.update(payments).set({ status: 'failed', updatedAt: now }).where(eq(payments.id, id));",
      "await ctx.db\n  .update(sales)\n  .set({ payoutStatus: 'paid' })\n  .where(eq(sales.id, id));",
      "const set: Partial<User> = {};\nset.status = 'suspended';\nawait tx.update(users).set({ ...set, updatedAt: now });",
      'const patch = { status: to };\nawait tx.update(loans).set(patch);',
      "await tx.insert(subscriptions).values(row).onConflictDoUpdate({ target: subscriptions.id, set: { status: 'active' } });",
      'await tx.execute(sql`UPDATE invoices SET paid_at = now(), status = ${to} WHERE id = ${id}`);',
      'await db.execute(\'update "refunds" set "status" = $1 where id = $2\');',
    ];
    for (const snippet of bad) expect(handWrittenStatusWrites(snippet), snippet).toHaveLength(1);
    const legal = [
      "await transition(uow, invoiceAggregate, { id, from: 'draft', to: 'sent', actor, now, patch: { sentAt: now } });",
      'await tx.update(loans).set({ outstandingPrincipalCents: 0, updatedAt: now }).where(eq(loans.id, id));',
      "await tx.insert(payments).values({ status: 'pending', invoiceId });",
      "await tx.select().from(invoices).where(eq(invoices.status, 'sent'));",
      'await tx.execute(sql`SELECT status FROM invoices WHERE status = ${s}`);',
      "const m = new Map(); m.set('status', 1);",
    ];
    for (const snippet of legal) expect(handWrittenStatusWrites(snippet), snippet).toEqual([]);
  });
});
