import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, openPgliteDir, openPostgres, type Database, type Db, type Preparation } from './db/client.ts';
import { startPgliteDir, stopOnLostLock, takeEarlyPglite } from './db/pglite-thread.ts';
import { isSupportedNode } from './runtime.ts';

// The app's modules load and the app is built while the database opens.
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
  const storage$ = app$.then(([, , { createStorage }]) => createStorage(config));
  // The demo's KYC documents are real files, written where the app reads uploads from.
  const seeding = async () => {
    const [[{ seed, seedIsCurrent }], storage] = await Promise.all([app$, storage$]);
    const options = { demo: config.SEED_DEMO, storage };
    return { done: (db: Db) => seedIsCurrent(db, options), run: (db: Db) => seed(db, options) };
  };
  const preparation: Preparation = { done: async (db) => (await seeding()).done(db), run: async (db) => (await seeding()).run(db) };
  let database: Database;
  let prepared: Promise<void>;
  try {
    if (config.DATABASE_URL) {
      database = await openPostgres(config.DATABASE_URL);
      await preparation.run(database.db);
      prepared = Promise.resolve();
    } else {
      // PGlite opens on its own thread while this one loads and builds the app (decision 148);
      // start.ts has usually begun already.
      const started = takeEarlyPglite(config.dataDir) ?? startPgliteDir(config.dataDir, stopOnLostLock(config.dataDir));
      ({ database, prepared } = openPgliteDir(started, preparation));
    }
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  prepared.catch(() => {}); // awaited below, after the listen; a failure then ends the start
  const [[, { buildApp, startSchedules }], storage] = await Promise.all([app$, storage$]);

  // `jobs: {}` runs the modules' own jobs; their recurring chains start below (decision 010, 139).
  // The job runner's first poll and the schedules' catch-up wait for the database to be prepared,
  // so the statements of requests that came in meanwhile go first (decision 148).
  const app = await buildApp({ config, database, storage, jobs: {}, jobsStartAfter: prepared });

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

  // The server listens while the database may still be finishing its migrations check and seed:
  // statements wait for them (the health check answers 200 only then), the rest is served at once.
  await app.listen({ port: config.PORT, host: config.HOST });
  await prepared;
  await startSchedules(app.ctx);
  app.log.info(
    `ready on ${config.appOrigin} (${database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL'}, Node ${process.version})`,
  );
  if (!isSupportedNode()) app.log.warn(`Node ${process.version} is past its end of life; run through npm (npm start) to use the bundled Node 24`);
}

/** Settles once the server listens with its database ready (start.ts then writes its code cache). */
export const started: Promise<void> = main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
