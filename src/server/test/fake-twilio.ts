/**
 * A local stand-in for Twilio's Messages REST API, speaking the real protocol:
 *   POST /2010-04-01/Accounts/{AccountSid}/Messages.json
 *   Basic auth AccountSid:AuthToken, form-encoded To / From / Body, 201 JSON with an `SM…` sid.
 * Point the server at it with SMS_PROVIDER=twilio TWILIO_API_URL=<url> TWILIO_ACCOUNT_SID=<sid>
 * TWILIO_AUTH_TOKEN=<token> TWILIO_FROM_NUMBER=<any>.
 *
 * From a test:   const tw = await startFakeTwilio(); ... await tw.waitForCode('+1212...'); await tw.close();
 * From a shell:  node --import tsx src/server/test/fake-twilio.ts   (prints the settings as JSON;
 *                GET <url>/fake/messages?to=+1... lists what was received, for other processes).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
// The signature Twilio's helper libraries compute (checked against Twilio's documented example).
import { twilioSignature } from '#server/modules/webhooks/index.ts';

export interface FakeTwilioMessage {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  status: string;
  /** The StatusCallback URL the sender gave, where Twilio would post delivery reports. */
  statusCallback: string | null;
  receivedAt: Date;
}

/** A signed delivery report, as Twilio would post it to a message's StatusCallback. */
export interface FakeStatusCallback {
  /** The full URL (the one signed). */
  url: string;
  /** The URL's path and query, for app.inject. */
  path: string;
  params: Array<[string, string]>;
  /** Form-encoded body. */
  body: string;
  headers: Record<string, string>;
}

export interface FakeTwilioOptions {
  port?: number;
  host?: string;
  accountSid?: string;
  authToken?: string;
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  messages: FakeTwilioMessage[];
  /** The 6-digit code in the last message to this phone. */
  lastCodeFor(phone: string): string | undefined;
  /** Waits until a message to this phone arrives after the call (or since `since`), and returns its code. */
  waitForCode(phone: string, opts?: { timeoutMs?: number; since?: number }): Promise<string>;
  /** The next `count` requests answer with this HTTP status and a Twilio error body. */
  failNext(status?: number, count?: number): void;
  /**
   * The delivery report Twilio would send for one of the messages it took (status e.g. sent,
   * delivered, undelivered, failed; errorCode with the failures), signed with the auth token.
   */
  statusCallback(sid: string, status: string, opts?: { errorCode?: number }): FakeStatusCallback;
  /** Posts that report to the message's StatusCallback URL (a server listening on a port); returns the HTTP status. */
  deliverStatus(sid: string, status: string, opts?: { errorCode?: number }): Promise<number>;
  /** Every request received, including refused ones (method, path, whether auth was right). */
  requests: { method: string; path: string; authorized: boolean; form: Record<string, string> }[];
  close(): Promise<void>;
}

// The sign-in text's code only: other texts (an overdue invoice's number, say) have six digits too,
// and the demo's jobs send them to the same people while a test signs in.
const codeIn = (body: string) => body.match(/verification code is (\d{6})\b/)?.[1];

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 1_000_000) req.destroy(new Error('too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

const twilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

export async function startFakeTwilio(opts: FakeTwilioOptions = {}): Promise<FakeTwilio> {
  const accountSid = opts.accountSid ?? `AC${randomBytes(16).toString('hex')}`;
  const authToken = opts.authToken ?? randomBytes(16).toString('hex');
  const messages: FakeTwilioMessage[] = [];
  const requests: FakeTwilio['requests'] = [];
  const waiters = new Set<() => void>();
  let failures: { status: number; count: number } = { status: 500, count: 0 };

  const server = createServer(async (req, res) => {
    // One connection per request: a kept-alive socket outlives its test, and when the worker is busy
    // past this server's idle timeout (a database starting), the next request reuses it as it closes.
    res.setHeader('Connection', 'close');
    try {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'GET' && url.pathname === '/fake/messages') {
        const to = url.searchParams.get('to');
        return json(res, 200, { messages: messages.filter((m) => !to || m.to === to) });
      }
      const match = url.pathname.match(/^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/);
      const raw = await readBody(req);
      const form = Object.fromEntries(new URLSearchParams(raw));
      const header = req.headers.authorization ?? '';
      const given = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
      const authorized = safeEqual(given, `${accountSid}:${authToken}`);
      requests.push({ method: req.method ?? '', path: url.pathname, authorized, form });

      if (!match) return json(res, 404, twilioError(404, 20404, 'The requested resource was not found'));
      if (!authorized || decodeURIComponent(match[1]) !== accountSid) {
        res.setHeader('WWW-Authenticate', 'Basic realm="Twilio API"');
        return json(res, 401, twilioError(401, 20003, 'Authenticate'));
      }
      if (req.method !== 'POST') return json(res, 405, twilioError(405, 20004, 'Method not allowed'));
      if (failures.count > 0) {
        failures.count--;
        return json(res, failures.status, twilioError(failures.status, 20500, 'Internal Server Error'));
      }
      if (!form.To) return json(res, 400, twilioError(400, 21604, "A 'To' phone number is required."));
      if (!/^\+[1-9]\d{7,14}$/.test(form.To))
        return json(res, 400, twilioError(400, 21211, `The 'To' number ${form.To} is not a valid phone number.`));
      if (!form.From && !form.MessagingServiceSid) return json(res, 400, twilioError(400, 21603, "A 'From' phone number is required."));
      if (!form.Body) return json(res, 400, twilioError(400, 21602, 'Message body is required.'));

      const now = new Date();
      const msg: FakeTwilioMessage = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        accountSid,
        to: form.To,
        from: form.From ?? '',
        body: form.Body,
        status: 'queued',
        statusCallback: form.StatusCallback ?? null,
        receivedAt: now,
      };
      messages.push(msg);
      for (const wake of waiters) wake();
      return json(res, 201, {
        account_sid: accountSid,
        api_version: '2010-04-01',
        body: msg.body,
        date_created: now.toUTCString(),
        date_sent: null,
        date_updated: now.toUTCString(),
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: msg.from,
        messaging_service_sid: null,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid: msg.sid,
        status: msg.status,
        to: msg.to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${msg.sid}.json`,
      });
    } catch {
      if (!res.headersSent) json(res, 500, twilioError(500, 20500, 'Internal Server Error'));
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const lastCodeFor = (phone: string) => {
    const last = messages.filter((m) => m.to === phone && codeIn(m.body)).at(-1);
    return last ? codeIn(last.body) : undefined;
  };

  const statusCallback = (sid: string, status: string, o: { errorCode?: number } = {}): FakeStatusCallback => {
    const msg = messages.find((m) => m.sid === sid);
    if (!msg?.statusCallback) throw new Error(`fake Twilio: message ${sid} has no StatusCallback`);
    msg.status = status;
    // The fields Twilio posts for an SMS status callback.
    const params: Array<[string, string]> = [
      ['AccountSid', accountSid],
      ['ApiVersion', '2010-04-01'],
      ['From', msg.from],
      ['MessageSid', sid],
      ['MessageStatus', status],
      ['SmsSid', sid],
      ['SmsStatus', status],
      ['To', msg.to],
      ...(o.errorCode !== undefined ? ([['ErrorCode', String(o.errorCode)]] as Array<[string, string]>) : []),
    ];
    const url = msg.statusCallback;
    const u = new URL(url);
    return {
      url,
      path: u.pathname + u.search,
      params,
      body: new URLSearchParams(params).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(authToken, url, params) },
    };
  };

  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    accountSid,
    authToken,
    messages,
    requests,
    lastCodeFor,
    statusCallback,
    async deliverStatus(sid, status, o) {
      const cb = statusCallback(sid, status, o);
      const res = await fetch(cb.url, { method: 'POST', headers: cb.headers, body: cb.body });
      return res.status;
    },
    failNext(status = 500, count = 1) {
      failures = { status, count };
    },
    waitForCode(phone, { timeoutMs = 10_000, since = messages.length } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages
            .slice(since)
            .filter((m) => m.to === phone && codeIn(m.body))
            .at(-1);
          const code = found && codeIn(found.body);
          if (!code) return false;
          cleanup();
          resolve(code);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`fake Twilio: no code for ${phone} within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        const wake = () => void check();
        if (!check()) waiters.add(wake);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Settings for the server under test, as environment variables. */
export function fakeTwilioEnv(tw: Pick<FakeTwilio, 'url' | 'accountSid' | 'authToken'>, from = '+12125550199') {
  return {
    SMS_PROVIDER: 'twilio',
    TWILIO_API_URL: tw.url,
    TWILIO_ACCOUNT_SID: tw.accountSid,
    TWILIO_AUTH_TOKEN: tw.authToken,
    TWILIO_FROM_NUMBER: from,
  };
}

// Standalone: node --import tsx src/server/test/fake-twilio.ts  (FAKE_TWILIO_PORT to choose the port)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const tw = await startFakeTwilio({
    port: Number(process.env.FAKE_TWILIO_PORT ?? 0),
    accountSid: process.env.TWILIO_ACCOUNT_SID,
    authToken: process.env.TWILIO_AUTH_TOKEN,
  });
  process.stdout.write(`${JSON.stringify(fakeTwilioEnv(tw))}\n`);
  const stop = () => void tw.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
