// Bundles the server for `npm start` (dist-server/main.js); the cold-start benchmark bundles with
// the same options. Packages go into the bundle too: loading them from node_modules meant
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  rmSync('dist-server', { recursive: true, force: true }); // no chunks of earlier builds
  await build(serverBuildOptions('src/server/start.ts', 'dist-server', 'main'));
}
