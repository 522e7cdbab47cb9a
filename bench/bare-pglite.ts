// The cold-start floor: PGlite opened on the same existing data dir (DATA_DIR/pglite) and a bare
// node:http server whose /api/health runs `select 1`, bundled and started like the real server.
// No lock, migrations check, seeding or Fastify. PORT, HOST and DATA_DIR from the environment.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteStartParams } from '../src/server/db/pglite-params.ts';

// The same start-up parameters as the server (decision 124).
const db = await PGlite.create(join(process.env.DATA_DIR!, 'pglite'), { startParams: pgliteStartParams });
const server = createServer((req, res) => {
  if (req.url !== '/api/health') return void res.writeHead(404).end();
  db.query('select 1').then(
    () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'),
    () => res.writeHead(503).end(),
  );
});
server.listen(Number(process.env.PORT ?? 5000), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void db.close().then(() => process.exit(0))));
