import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, openPgliteDir, openPostgres, type Database } from './db/client.ts';
import { isSupportedNode } from './runtime.ts';

// The app's modules load while the database opens (PGlite compiles its WebAssembly off the main
// thread), instead of all of them before it.
const loadApp = () => Promise.all([import('./db/seed.ts'), import('./app.ts'), import('./providers/storage/storage.ts')]);

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app$ = loadApp();
  let database: Database;
  try {
    database = config.DATABASE_URL
      ? await openPostgres(config.DATABASE_URL)
      : await openPgliteDir(config.dataDir, () => {
          // Another process now writes to these files: every further write of ours could be lost.
          console.error(`fatal: lost the lock on ${config.dataDir}; stopping at once so no write is acknowledged and then lost`);
          process.exit(1);
        });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const [{ seed }, { buildApp, startSchedules }, { createStorage }] = await app$;
  // The demo's KYC documents are real files, written where the app reads uploads from.
  const storage = createStorage(config);
  await seed(database.db, { demo: config.SEED_DEMO, storage });

  // `jobs: {}` runs the modules' own jobs; their recurring chains start here (decision 010, 139).
  const app = await buildApp({ config, database, storage, jobs: {} });
  await startSchedules(app.ctx);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `ready on ${config.appOrigin} (${database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL'}, Node ${process.version})`,
  );
  if (!isSupportedNode()) app.log.warn(`Node ${process.version} is past its end of life; run through npm (npm start) to use the bundled Node 24`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
