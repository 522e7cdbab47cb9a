// Bundles the server for `npm start` (dist-server/main.js); the cold-start benchmark bundles with
// the same options. Packages stay external (loaded from node_modules) except those listed in
// BUNDLED and what they import: drizzle-orm alone is some 450 small ES modules whose loading cost
// about 0.7 s of CPU at every start, against 0.05 s as part of the bundle. zod goes in with
// fastify-type-provider-zod so that both use one copy. PGlite stays out (it finds its wasm and
// data files beside its own module), as does everything else.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const BUNDLED = new Set(['drizzle-orm', 'zod', 'fastify-type-provider-zod', 'libphonenumber-js']);
const ALWAYS_EXTERNAL = new Set(['@electric-sql/pglite', 'pg', 'pg-native']);

const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

const bundleSome = {
  name: 'bundle-some-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      const name = packageName(args.path);
      if (ALWAYS_EXTERNAL.has(name)) return { external: true };
      // Our own code: only the listed packages; inside a bundled package: its dependencies too.
      const fromPackage = args.importer.includes('/node_modules/');
      if (BUNDLED.has(name) || fromPackage) return undefined;
      return { external: true };
    });
  },
};

/**
 * esbuild options for a server entry point bundled as `npm start` runs it: `<outdir>/<name>.js`,
 * and what it imports dynamically in `<outdir>/chunks/`.
 */
export function serverBuildOptions(entry, outdir, name) {
  return {
    entryPoints: { [name]: entry },
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
