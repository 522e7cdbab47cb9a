// Web weight: gzip bytes of the JS and CSS a visitor downloads for `/` (entry chunk, its static
// imports, the lazily loaded landing chunk and its static imports) and for the member shell's
// first page (/dashboard), beside an empty React 19 app built with the same Vite config.
// Builds into a temp folder (never dist/, which the browser tests rebuild concurrently) with a
// manifest and a record of which modules went into which chunk, then asserts that no admin or
// chart code reaches a visitor.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fmt, isMain, repoRoot } from './support.ts';

/** Budgets in gzip -9 KB of JS before first paint (bench/web-budget.test.ts fails above them). */
export const LANDING_GOAL_KB = 110;
export const MEMBER_SHELL_GOAL_KB = 150;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface WebBuild {
  outDir: string;
  manifest: Manifest;
  /** Output file (e.g. assets/index-abc.js) → module ids bundled into it. */
  chunkModules: Record<string, string[]>;
  /** Module id → bytes it contributes to its chunk (before minification is not counted). */
  moduleBytes: Record<string, number>;
}

let tempRoot: string | null = null;
/** One temp folder per run for builds and server snapshots; removed at exit. */
export function benchTempRoot() {
  if (!tempRoot) {
    tempRoot = mkdtempSync(join(tmpdir(), 'slab-bench-'));
    const dir = tempRoot;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return tempRoot;
}

async function viteBuild(opts: { root?: string; outDir: string; minify?: boolean }): Promise<WebBuild> {
  const { build } = await import('vite');
  const chunkModules: Record<string, string[]> = {};
  const moduleBytes: Record<string, number> = {};
  // Vite keeps a NODE_ENV already set (vitest sets 'test'), which would bundle React's dev build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    configFile: join(repoRoot, 'vite.config.ts'),
    ...(opts.root ? { root: opts.root, publicDir: false as const } : {}),
    logLevel: 'warn',
    build: { outDir: opts.outDir, emptyOutDir: true, manifest: true, ...(opts.minify === false ? { minify: false } : {}) },
    plugins: [
      {
        name: 'bench-chunk-modules',
        generateBundle(_options, bundle) {
          for (const [file, out] of Object.entries(bundle)) {
            if (out.type !== 'chunk') continue;
            chunkModules[file] = Object.keys(out.modules);
            for (const [id, m] of Object.entries(out.modules)) moduleBytes[id] = m.renderedLength;
          }
        },
      },
    ],
  }).finally(() => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  });
  const manifest = JSON.parse(readFileSync(join(opts.outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return { outDir: opts.outDir, manifest, chunkModules, moduleBytes };
}

let appBuild: Promise<WebBuild> | null = null;
/** The production build of the app (same config as `npm run build`), once per run. */
export function buildApp() {
  appBuild ??= viteBuild({ outDir: join(benchTempRoot(), 'dist') });
  return appBuild;
}

let readableBuild: Promise<WebBuild> | null = null;
/** The same build without minification, so a profile names the functions (bench/page-profile.ts). */
export function buildReadableApp() {
  readableBuild ??= viteBuild({ outDir: join(benchTempRoot(), 'dist-readable'), minify: false });
  return readableBuild;
}

/** An empty React 19 app (a root that renders nothing) built with the same Vite config. */
export async function buildEmptyApp() {
  const root = join(benchTempRoot(), 'empty-app');
  mkdirSync(root, { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>Empty</title></head>\n' +
      '<body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>\n',
  );
  writeFileSync(
    join(root, 'main.tsx'),
    "import { StrictMode } from 'react';\nimport { createRoot } from 'react-dom/client';\n\n" +
      'function App() {\n  return null;\n}\n\n' +
      "createRoot(document.getElementById('root')!).render(\n  <StrictMode>\n    <App />\n  </StrictMode>,\n);\n",
  );
  return viteBuild({ root, outDir: join(root, 'dist') });
}

/** Files (JS, CSS, other assets) loaded statically from the given manifest keys. */
function closure(manifest: Manifest, keys: string[]) {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const c = manifest[key];
    if (!c) throw new Error(`manifest has no ${key}`);
    files.add(c.file);
    for (const f of c.css ?? []) files.add(f);
    for (const f of c.assets ?? []) files.add(f);
    for (const k of c.imports ?? []) visit(k);
  };
  keys.forEach(visit);
  return [...files];
}

const entryKey = (m: Manifest) => {
  const k = Object.keys(m).find((key) => m[key].isEntry);
  if (!k) throw new Error('manifest has no entry');
  return k;
};

/** Manifest keys of the given source files (paths relative to src/web), those that are chunks. */
const keysFor = (m: Manifest, sources: string[]) => Object.keys(m).filter((k) => sources.some((s) => (m[k].src ?? k).endsWith(s)));

function weigh(build: WebBuild, files: string[]) {
  let js = 0;
  let css = 0;
  let jsRaw = 0;
  for (const f of files) {
    const bytes = readFileSync(join(build.outDir, f));
    const gz = gzipSync(bytes, { level: 9 }).length;
    if (f.endsWith('.js')) {
      js += gz;
      jsRaw += bytes.length;
    } else if (f.endsWith('.css')) css += gz;
  }
  return {
    jsGzipKB: js / 1024,
    cssGzipKB: css / 1024,
    totalGzipKB: (js + css) / 1024,
    jsRawKB: jsRaw / 1024,
    files: files.filter((f) => /\.(js|css)$/.test(f)),
  };
}

/** Code a signed-out visitor must never download. */
const FORBIDDEN = [
  { name: 'recharts / d3 (charts)', test: /node_modules\/(recharts|d3-|victory-vendor)/ },
  { name: 'admin pages', test: /src\/web\/features\/(admin-[^/]+|sms-convos|access-requests\/access-requests-page)/ },
  { name: 'admin / manager shell', test: /src\/web\/features\/shell\/(admin-layout|manager-layout|sidebar-layout)/ },
];

function forbiddenIn(build: WebBuild, files: string[]) {
  const hits: { rule: string; module: string; file: string }[] = [];
  for (const f of files) {
    for (const id of build.chunkModules[f] ?? []) {
      const rel = id.replace(/\\/g, '/').replace(repoRoot.replace(/\\/g, '/'), '');
      for (const rule of FORBIDDEN) if (rule.test.test(rel)) hits.push({ rule: rule.name, module: rel, file: f });
    }
  }
  return hits;
}

/** The heaviest packages and app folders in a set of chunks, by rendered (minified) bytes. */
function biggestModules(build: WebBuild, files: string[], limit = 10) {
  const sizes = new Map<string, number>();
  for (const f of files) {
    for (const id of build.chunkModules[f] ?? []) {
      const m = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
      const key = m ? m[1] : id.replace(repoRoot, '').split('/').slice(0, 4).join('/');
      sizes.set(key, (sizes.get(key) ?? 0) + (build.moduleBytes[id] ?? 0));
    }
  }
  return [...sizes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([k, n]) => `${k} ${fmt(n / 1024, 1)} KB`);
}

/** What a browser loads before first paint for `/` and for `/dashboard` (entry, static imports, page and layout chunks). */
export function pageDownloads(app: WebBuild) {
  const entry = entryKey(app.manifest);
  const landingKeys = keysFor(app.manifest, ['app/landing-route.tsx']);
  const dashboardKeys = keysFor(app.manifest, ['app/dashboard-route.tsx', 'features/shell/member-layout.tsx']);
  if (landingKeys.length !== 1 || dashboardKeys.length !== 2) throw new Error('page chunks not found in the manifest');
  const landingFiles = closure(app.manifest, [entry, ...landingKeys]);
  const dashboardFiles = closure(app.manifest, [entry, ...dashboardKeys]);
  return { landingFiles, dashboardFiles, landing: weigh(app, landingFiles), dashboard: weigh(app, dashboardFiles) };
}

/**
 * zod's modules in the chunks the given sources load (with their static imports). Code that runs
 * on every signed-in page takes plain values from zod-free modules (decisions 149, 152, 153):
 * importing a schema module builds all its schemas, one long task.
 */
export function zodModulesLoadedBy(app: WebBuild, sources: string[]) {
  const keys = keysFor(app.manifest, sources);
  if (keys.length !== sources.length) throw new Error(`chunks not found in the manifest for ${sources.join(', ')}`);
  const files = closure(app.manifest, keys).filter((f) => f.endsWith('.js'));
  return files.flatMap((f) =>
    (app.chunkModules[f] ?? []).filter((id) => /node_modules\/zod\//.test(id)).map((id) => `${id.replace(/^.*node_modules\//, '')} in ${f}`),
  );
}

/** The heaviest packages and app folders a page loads before first paint (for budget failures). */
export const heaviest = (app: WebBuild, files: string[]) => biggestModules(app, files);

/** The baseline: what an empty React 19 app built with the same config downloads. */
export async function emptyAppDownload() {
  const empty = await buildEmptyApp();
  return weigh(empty, closure(empty.manifest, [entryKey(empty.manifest)]));
}

export async function runWebWeight() {
  const app = await buildApp();
  const { landingFiles, dashboardFiles, landing, dashboard } = pageDownloads(app);
  const baseline = await emptyAppDownload();
  const forbidden = forbiddenIn(app, landingFiles);

  const row = (name: string, w: ReturnType<typeof weigh>) =>
    `  ${name.padEnd(30)} JS ${fmt(w.jsGzipKB, 1).padStart(6)} KB  CSS ${fmt(w.cssGzipKB, 1).padStart(5)} KB  total ${fmt(w.totalGzipKB, 1).padStart(6)} KB` +
    `  (${fmt(w.totalGzipKB / baseline.totalGzipKB, 1)}× empty)  ${w.files.length} files`;
  console.log('\nWeb weight (gzip -9 of the JS and CSS a browser downloads; fonts not counted)');
  console.log(row('empty React 19 app', baseline));
  console.log(row('/ (visitor, landing)', landing));
  console.log(row('/dashboard (member shell)', dashboard));
  console.log(`  landing JS ≤ ${LANDING_GOAL_KB} KB gzip → ${landing.jsGzipKB <= LANDING_GOAL_KB ? 'met' : 'MISSED'}`);
  console.log(`  member shell JS ≤ ${MEMBER_SHELL_GOAL_KB} KB gzip → ${dashboard.jsGzipKB <= MEMBER_SHELL_GOAL_KB ? 'met' : 'MISSED'}`);
  console.log(`  landing, biggest parts (minified): ${biggestModules(app, landingFiles).join(', ')}`);
  console.log(`  member shell, biggest parts (minified): ${biggestModules(app, dashboardFiles).join(', ')}`);
  if (forbidden.length) {
    console.log(`  admin or chart code in a visitor's download → MISSED (${forbidden.length} modules):`);
    for (const h of forbidden.slice(0, 15)) console.log(`    ${h.rule}: ${h.module} in ${h.file}`);
  } else {
    console.log(`  no admin or chart code in a visitor's download (checked ${landingFiles.length} files' modules) → met`);
  }
  return {
    emptyReactApp: baseline,
    landing: { ...landing, ratioToEmpty: landing.totalGzipKB / baseline.totalGzipKB },
    dashboard: { ...dashboard, ratioToEmpty: dashboard.totalGzipKB / baseline.totalGzipKB },
    landingJsGoalKB: LANDING_GOAL_KB,
    landingJsMeetsGoal: landing.jsGzipKB <= LANDING_GOAL_KB,
    memberShellJsGoalKB: MEMBER_SHELL_GOAL_KB,
    memberShellJsMeetsGoal: dashboard.jsGzipKB <= MEMBER_SHELL_GOAL_KB,
    forbiddenInVisitorDownload: forbidden,
  };
}

if (isMain(import.meta.url)) {
  await runWebWeight();
  process.exit(0);
}
