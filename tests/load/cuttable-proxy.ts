import { createServer, Socket, type Server } from 'node:net';

/**
 * A TCP proxy that a test can cut and restore, to play an outage of what is behind it (Redis,
 * PostgreSQL) without touching the machine's service. cut() drops every open connection and
 * refuses new ones; restore() listens again on the same port.
 */
export class CuttableProxy {
  private server: Server | undefined;
  private sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  static for(url: string, defaultPort: number) {
    const u = new URL(url);
    return new CuttableProxy({ host: u.hostname, port: Number(u.port || defaultPort) });
  }

  async start(port = this.port) {
    this.server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as { port: number }).port;
  }

  /** A URL like `url` that goes through the proxy. */
  url(url: string) {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async cut() {
    for (const s of this.sockets) s.destroy();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise((r) => server.close(r));
  }

  restore() {
    return this.start(this.port);
  }
}
