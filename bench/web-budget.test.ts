// The gzip budgets of the JS loaded before first paint, measured on a production build (the same
// Vite config as `npm run build`, built once into a temp folder by bench/web.ts).
import { describe, expect, it } from 'vitest';
import { mustNotCopy } from '../scripts/vite-inline-safe.ts';
import { buildApp, emptyAppDownload, heaviest, LANDING_GOAL_KB, MEMBER_SHELL_GOAL_KB, pageDownloads, zodModulesLoadedBy } from './web.ts';

const report = (name: string, kb: number, parts: string[]) => `${name}: ${kb.toFixed(1)} KB; heaviest: ${parts.join(', ')}`;

describe('web download budgets (gzip -9 of JS before first paint)', () => {
  it(`keeps a visitor's / within ${LANDING_GOAL_KB} KB`, { timeout: 300_000 }, async () => {
    const app = await buildApp();
    const { landing, landingFiles } = pageDownloads(app);
    expect(landing.jsGzipKB, report('/', landing.jsGzipKB, heaviest(app, landingFiles))).toBeLessThanOrEqual(LANDING_GOAL_KB);
  });

  it(`keeps a member's /dashboard (shell and page) within ${MEMBER_SHELL_GOAL_KB} KB`, { timeout: 300_000 }, async () => {
    const app = await buildApp();
    const { dashboard, dashboardFiles } = pageDownloads(app);
    expect(dashboard.jsGzipKB, report('/dashboard', dashboard.jsGzipKB, heaviest(app, dashboardFiles))).toBeLessThanOrEqual(MEMBER_SHELL_GOAL_KB);
  });

  it('copies no module that may hold state into more than one chunk (decision 125)', { timeout: 300_000 }, async () => {
    const app = await buildApp();
    const chunksOf = new Map<string, number>();
    for (const modules of Object.values(app.chunkModules)) for (const m of modules) chunksOf.set(m, (chunksOf.get(m) ?? 0) + 1);
    const copied = [...chunksOf].filter(([, n]) => n > 1).map(([m]) => m.replace(/\0/g, ''));
    expect(copied.length, 'small common chunks are inlined').toBeGreaterThan(0);
    expect(copied.filter(mustNotCopy)).toEqual([]);
  });

  // Building zod's schemas is one long task; these run on every signed-in page or a stranger's first.
  it.each([
    ['the dashboard before its first paint', ['app/dashboard-route.tsx', 'features/shell/member-layout.tsx']],
    ['the live connection', ['lib/live/live-client.ts', 'lib/live/refresh.ts', 'lib/live/toasts.ts', 'app/live-refresh.ts']],
    ['the shared card page', ['app/shared-card-route.tsx']],
  ])('loads no zod for %s', { timeout: 300_000 }, async (_name, sources) => {
    const app = await buildApp();
    expect(zodModulesLoadedBy(app, sources)).toEqual([]);
  });

  // The bench's baseline shares the app's Vite config and plugins; a plugin that assumes the app's
  // own sources must not break it (it did, and the web figures silently went missing).
  it('builds the empty-app baseline the bench compares against', { timeout: 300_000 }, async () => {
    const empty = await emptyAppDownload();
    expect(empty.jsGzipKB).toBeGreaterThan(30);
    expect(empty.jsGzipKB).toBeLessThan(LANDING_GOAL_KB);
  });
});
