// Entry of the bundled server (dist-server/main.js). Node's compile cache keeps V8's compiled
// code of every module between starts; it must be on before the server's modules load, so the
// server comes in through a dynamic import (its own chunk in the bundle).
// A namespace import: on a Node without it, the named import would fail before our version check.
import * as nodeModule from 'node:module';

(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
// The embedded database starts opening on its own thread before the rest loads (decision 148).
if (!process.env.DATABASE_URL) (await import('./db/pglite-thread.ts')).startPgliteEarly(process.env);
await import('./main.ts');
