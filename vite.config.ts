import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { routePreloads } from './scripts/vite-route-preloads.ts';
import { mustNotCopy } from './scripts/vite-inline-safe.ts';

/**
 * Writes a .br and a .gz beside every text file of the build; the server sends them to browsers
 * that accept them (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle(error?: Error) {
      // Rollup calls this after a failed build as well: nothing was written then.
      if (error || !existsSync(outDir)) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          if (name.startsWith('.')) return [];
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|xml|webmanifest)$/.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * Preloads the two latin font files every page paints its first text with, so the browser fetches
 * them with the HTML instead of after the stylesheet (the other subsets still load on demand).
 */
function preloadFonts(): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        return Object.keys(ctx.bundle ?? {})
          .filter((file) => /\/(inter|fraunces)-latin-wght-normal-[\w-]+\.woff2$/.test(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss(), preloadFonts(), routePreloads(), precompress()],
  build: {
    outDir: '../../dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // Every browser the es2022 target runs on supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    // Decision 125. The member shell and its first page came to some 50 chunks, most of them a
    // few hundred bytes (an icon, a query-key module, a small component), because each module
    // shared by a different set of lazy pages gets a chunk of its own. On a slow connection each
    // is a request. Small common chunks are inlined into the chunks that use them instead
    // (duplicated), which needs strict execution order (modules run through init wrappers), and
    // everything the entry imports statically is one chunk, which also keeps the visitor's
    // download within budget (the wrappers cost bytes; one chunk compresses better than five).
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Never a module that may hold state: each copy would hold its own (scripts/vite-inline-safe.ts).
          experimentalInlineCommonChunks: { maxSize: 4096, exclude: mustNotCopy },
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:5000',
      '/ws': { target: 'ws://localhost:5000', ws: true },
    },
  },
});
