import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  settingsDefaults,
  settingsSchemas,
  settingsSections,
  type AdminSettingsResponse,
  type FeeTemplateOption,
  type SettingsSection,
  type SettingsValues,
} from '#common/settings.ts';
import type { Actor, AppContext } from '#server/context.ts';
import { createHook } from '#server/lib/hooks.ts';
import type { Db } from '#server/db/client.ts';
import { settings } from '#server/db/schema/platform.ts';
import { AppError } from '#server/errors.ts';
import { inTransaction, type UnitOfWork } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { settingsChanged } from './settings.events.ts';

/** Reads take the instance's cache when the context has one; inside a transaction (`{ db: tx }`) they read the row. */
export type SettingsReadCtx = Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'settingsCache'>>;
type WriteCtx = Pick<AppContext, 'db' | 'clock' | 'live'> & Partial<Pick<AppContext, 'settingsCache' | 'log'>>;

/** A stored value over the defaults (a field added later reads as its default); an unreadable row means the defaults. */
function parseStored<S extends SettingsSection>(section: S, stored: unknown): SettingsValues[S] {
  const defaults = settingsDefaults[section];
  const merged = stored && typeof stored === 'object' && !Array.isArray(stored) ? { ...defaults, ...stored } : defaults;
  const parsed = (settingsSchemas[section] as z.ZodType).safeParse(merged);
  return (parsed.success ? parsed.data : defaults) as SettingsValues[S];
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * One section's value (domain.md, "Platform": settings edited at /admin/settings). Frozen, so a
 * caller changing it throws instead of changing what the next request reads; shared rather than
 * copied, since some sections are read on every request (decision 123).
 */
export async function getSetting<S extends SettingsSection>(ctx: SettingsReadCtx, section: S): Promise<SettingsValues[S]> {
  const cache = ctx.settingsCache;
  const hit = cache?.get(section);
  if (hit !== undefined) return hit as SettingsValues[S];
  const epoch = cache?.currentEpoch() ?? 0;
  const [row] = await ctx.db.select({ value: settings.value }).from(settings).where(eq(settings.key, section)).limit(1);
  const value = deepFreeze(parseStored(section, row?.value));
  cache?.set(section, value, epoch);
  return value;
}

export type SavedHook<S extends SettingsSection> = (
  uow: UnitOfWork,
  input: { value: SettingsValues[S]; before: SettingsValues[S]; clock: AppContext['clock'] },
) => Promise<void>;
const savedHooks = createHook<SettingsSection, SavedHook<never>>();

/**
 * Work a module does in the same transaction as a save of one of its sections: checks that need
 * the database (a fee template that applies to loans) or rebuilds (the index series). A check
 * throws an AppError with field errors and nothing is saved.
 */
export function onSettingSaved<S extends SettingsSection>(section: S, hook: SavedHook<S>): () => void {
  return savedHooks.on(section, hook as unknown as SavedHook<never>);
}

/** What the audit log keeps of a value: wire instructions only say whether they are set. */
const auditView: { [S in SettingsSection]?: (v: SettingsValues[S]) => Record<string, unknown> } = {
  onboarding: (v) => ({
    tiers: v.tiers.map((t) => ({ id: t.id, name: t.name, minimumCents: t.minimumCents })),
    wireInstructionsSet: v.wireInstructions !== null,
  }),
};

function viewOf<S extends SettingsSection>(section: S, v: SettingsValues[S]): Record<string, unknown> {
  const fn = auditView[section] as ((x: SettingsValues[S]) => Record<string, unknown>) | undefined;
  return fn ? fn(v) : (v as Record<string, unknown>);
}

/** The fields whose audited view changed, each `{ from, to }`. */
function changes<S extends SettingsSection>(section: S, before: SettingsValues[S], after: SettingsValues[S]) {
  const a = viewOf(section, before);
  const b = viewOf(section, after);
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) out[k] = { from: a[k] ?? null, to: b[k] ?? null };
  }
  return out;
}

function fieldErrorsOf(error: z.ZodError) {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) (fieldErrors[issue.path.length ? issue.path.join('.') : 'section'] ??= []).push(issue.message);
  return fieldErrors;
}

/** Sections whose value is tidied before saving (terms in order, once each). */
const normalise: { [S in SettingsSection]?: (v: SettingsValues[S]) => SettingsValues[S] } = {
  lending: (v) => ({ ...v, terms: [...new Set(v.terms)].sort((x, y) => x - y) }),
};

/**
 * An admin's change to one section: `patch` holds any of its top-level fields, merged over the
 * current value and checked whole (400 with field errors, nothing saved). The save, the modules'
 * hooks and an audit row of what changed run in one transaction; after commit every instance drops
 * its cached copy and the other admins are notified.
 */
export async function updateSetting<S extends SettingsSection>(
  ctx: WriteCtx,
  actor: Actor,
  input: { section: S; patch: Record<string, unknown> },
): Promise<SettingsValues[S]> {
  const { section } = input;
  const now = ctx.clock.now();
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    // Under a row lock, so two admins saving different fields of one section both keep theirs.
    await tx.insert(settings).values({ key: section, value: settingsDefaults[section] }).onConflictDoNothing();
    const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, section)).for('update');
    const before = parseStored(section, row?.value);
    const parsed = (settingsSchemas[section] as z.ZodType).safeParse({ ...before, ...input.patch });
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      throw new AppError('bad_request', parsed.error.issues[0]!.message, { fieldErrors });
    }
    let value = parsed.data as SettingsValues[S];
    const tidy = normalise[section] as ((v: SettingsValues[S]) => SettingsValues[S]) | undefined;
    if (tidy) value = tidy(value);
    await tx.update(settings).set({ value, updatedAt: now }).where(eq(settings.key, section));
    for (const hook of savedHooks.handlers(section) as SavedHook<S>[]) await hook(uow, { value, before, clock: ctx.clock });
    await audit(tx, {
      ...auditBy(actor),
      action: `settings.${section}_updated`,
      targetType: 'settings',
      targetId: section,
      data: changes(section, before, value),
      at: now,
    });
    uow.afterCommit(async () => {
      // This instance at once, whatever the bus; the others through it.
      ctx.settingsCache?.invalidate(section);
      await settingsChanged(ctx, { section, actorId: actor.user?.id ?? null, actorName: actor.user?.name ?? null });
    });
    return value;
  });
}

/** GET /api/admin/settings: every section, and the fee templates to choose from. */
export async function allSettings(ctx: SettingsReadCtx, _actor: Actor, input: { feeTemplates: FeeTemplateOption[] }): Promise<AdminSettingsResponse> {
  const entries = await Promise.all(settingsSections.map(async (s) => [s, await getSetting(ctx, s)] as const));
  return { sections: Object.fromEntries(entries) as AdminSettingsResponse['sections'], feeTemplates: input.feeTemplates };
}

/** Writes a section as the seed wants it, with no audit row (start-up and demo seeds, benchmarks). */
export async function seedSetting<S extends SettingsSection>(
  ctx: Pick<AppContext, 'db'>,
  input: { section: S; value?: SettingsValues[S]; overwrite?: boolean },
) {
  const value = input.value ?? settingsDefaults[input.section];
  const q = ctx.db.insert(settings).values({ key: input.section, value });
  await (input.overwrite ? q.onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } }) : q.onConflictDoNothing());
}

/**
 * A module's own state kept in the settings table under its own key (not an admin section):
 * market-index's recompute stamp. Read and written here so settings alone touches its table.
 */
export async function readModuleState<T>(ctx: Pick<AppContext, 'db'>, key: string): Promise<T | undefined> {
  const [row] = await ctx.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value as T | undefined;
}

export async function writeModuleState(tx: Db, key: string, value: Record<string, unknown>) {
  await tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** The made-up bank name earlier versions seeded; a row still holding it has no real instructions. */
export const LEGACY_PLACEHOLDER_BANK = 'To be confirmed by your portfolio manager';

/**
 * Seeds every section's defaults once, so the rows exist for admins to edit; never overwrites an
 * admin's values. Placeholder wire instructions seeded by earlier versions are cleared, so clients
 * are told their manager will send them instead.
 */
export async function seedSettings(ctx: Pick<AppContext, 'db'>) {
  for (const section of settingsSections) await seedSetting(ctx, { section });
  await ctx.db
    .update(settings)
    .set({ value: sql`jsonb_set(${settings.value}, '{wireInstructions}', 'null'::jsonb)` })
    .where(and(eq(settings.key, 'onboarding'), sql`${settings.value}->'wireInstructions'->>'bankName' = ${LEGACY_PLACEHOLDER_BANK}`));
}
