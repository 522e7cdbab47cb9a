import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's start-up parameters: its defaults with 32 MB of shared buffers instead of PostgreSQL's
 * 128 MB. PGlite zeroes the whole pool when it starts, which was a third of a cold start
 * (decision 124); pages beyond the pool are read from the data dir's files, which the OS caches.
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
