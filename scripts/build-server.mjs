// Bundles the server for `npm start` (dist-server/main.js); the cold-start benchmark builds it the
// same way (buildServer). Packages go into the bundle too: loading them from node_modules meant
// resolving, reading and compiling some 700 separate files at every start (ajv alone is 108,
// drizzle-orm 450), about 0.3 s of CPU. Those in EXTERNAL stay in node_modules, each for a reason.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const EXTERNAL = new Set([
  // Find files beside their own module (wasm and data, fonts, worker scripts, a native binary).
  '@electric-sql/pglite',
  'pdfkit',
  'sharp',
  'pino',
  'thread-stream',
  // Loaded only when configured (DATABASE_URL, REDIS_URL, Stripe) or on first use, so not at start.
  'pg',
  'pg-native',
  'ioredis',
  'stripe',
  '@scalar/fastify-api-reference',
  'marked',
  'sanitize-html',
]);

const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

const bundleSome = {
  name: 'bundle-some-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      return EXTERNAL.has(packageName(args.path)) ? { external: true } : undefined;
    });
  },
};

/**
 * esbuild options for a server entry point bundled as `npm start` runs it: `<outdir>/<name>.js`,
 * `<outdir>/pglite-worker.js`, and what they import dynamically in `<outdir>/chunks/`.
 */
export function serverBuildOptions(entry, outdir, name) {
  return {
    // The embedded database's thread (src/server/db/pglite-thread.ts finds it beside the entry).
    entryPoints: { [name]: entry, 'pglite-worker': fileURLToPath(new URL('../src/server/db/pglite-worker.ts', import.meta.url)) },
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    plugins: [bundleSome],
    // Bundled CommonJS code (none of ours) may call require().
    banner: { js: "import { createRequire as __slabCreateRequire } from 'node:module'; const require = __slabCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  };
}

/**
 * The built server in `outdir` (decision 151): `main.js`, a small ES module, runs the server as one
 * CommonJS bundle, `chunks/server.cjs`, through V8 with a code cache (src/server/code-cache.ts);
 * the embedded database's thread and the modules it loads stay ES modules beside it.
 */
export async function buildServer(outdir) {
  rmSync(outdir, { recursive: true, force: true }); // no chunks or caches of earlier builds
  const src = (p) => fileURLToPath(new URL(`../src/server/${p}`, import.meta.url));
  const esm = serverBuildOptions(src('start.ts'), outdir, 'main');
  await build(esm);
  await build({
    ...esm,
    entryPoints: { 'chunks/server': src('boot.ts') },
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    splitting: false, // what loads on first use is still evaluated only then, from the one file
    define: { 'import.meta.url': '__slabModuleUrl' },
    banner: { js: "const __slabModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer('dist-server');
