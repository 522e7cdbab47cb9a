// The cold-start baseline: a bare Fastify server that listens and answers GET /api/health,
// started the same way as the real one (node --import tsx). PORT and HOST from the environment.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT ?? 5000), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
