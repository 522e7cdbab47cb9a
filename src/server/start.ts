// Entry of the built server (dist-server/main.js): runs the server's CommonJS bundle with a V8
// code cache, and writes that cache once the server has started if there was none it could use
// (decision 151). Node's compile cache stays on for what loads as modules (the database's thread,
// packages outside the bundle).
// A namespace import: on a Node without it, the named import would fail before our version check.
import * as nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';
import { runWithCodeCache } from './code-cache.ts';

(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const server = runWithCodeCache(fileURLToPath(new URL('./chunks/server.cjs', import.meta.url)));
if (server.cache !== 'accepted') {
  let saved = false;
  const save = () => {
    if (saved) return;
    saved = true;
    try {
      server.saveCache();
    } catch (err) {
      // A read-only install still starts, only without the cache.
      console.warn(`The server's code cache was not written (${(err as Error).message}); later starts compile its code again.`);
    }
  };
  void (server.exports.started as Promise<void>).then(() => {
    setImmediate(save);
    process.once('exit', save); // a server stopped at once still leaves its cache
  });
}
