// Entry of the server's CommonJS bundle (dist-server/chunks/server.cjs), which start.ts runs with
// a code cache (decision 151). The embedded database starts opening on its own thread before the
// rest of the server loads (decision 148).
import { startPgliteEarly } from './db/pglite-thread.ts';

if (!process.env.DATABASE_URL) startPgliteEarly(process.env);

/** Settles once the server listens with its database ready. */
export const started: Promise<void> = import('./main.ts').then((m) => m.started);
