/**
 * A local stand-in for PSA's public API, speaking its protocol:
 *   GET /cert/GetByCertNumber/{certNumber}        → { PSACert: {...} } or { IsValidRequest, ServerMessage }
 *   GET /cert/GetImagesByCertNumber/{certNumber}  → [{ IsFrontImage, ImageURL }]
 *   Authorization: bearer {token}; a wrong token is 401; past the quota, 500 with text.
 * It knows the demo seed's PSA certificates and a few slabs nobody holds yet (80412276–81).
 * Point the server at it with PSA_API_URL=<url> PSA_API_TOKEN=<token>.
 *
 * From a test:   const psa = await startFakePsa(); ...; psa.calls('12345678'); await psa.close();
 * From a shell:  node --import tsx src/server/test/fake-psa.ts   (prints the settings as JSON)
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { PsaCert } from '#common/cards.ts';
import { demoPsaSampleCerts } from '#server/db/seed/demo-cards.ts';

export interface FakePsaOptions {
  port?: number;
  host?: string;
  token?: string;
  /** Look-ups allowed before the quota answer (unlimited by default; PSA's free plan allows about 100 a day). */
  quota?: number;
  /** Extra certificates it knows, in our shape. */
  certs?: PsaCert[];
}

export interface FakePsa {
  url: string;
  token: string;
  /** Every request received: path, whether the token was right, and the status answered. */
  requests: { path: string; authorized: boolean; status: number }[];
  /** How many certificate look-ups (not image calls) were made for this number. */
  calls(certNumber: string): number;
  /** Adds or replaces a certificate (e.g. to make a re-check differ). */
  setCert(cert: PsaCert): void;
  forget(certNumber: string): void;
  /** Look-ups left before the quota answer; Infinity for none. */
  setQuota(n: number): void;
  /** The next `count` requests answer with this status (e.g. 503) and no body PSA would send. */
  failNext(status?: number, count?: number): void;
  close(): Promise<void>;
}

export const knownFakePsaCerts = (): PsaCert[] => demoPsaSampleCerts();

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'Content-Type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** Our shape back into PSA's field names. */
function asPsaApi(c: PsaCert) {
  return {
    CertNumber: c.certNumber,
    SpecID: 1000000 + (Number(c.certNumber) % 999_999),
    SpecNumber: `${c.year ?? ''}${c.cardNumber ?? ''}`,
    LabelType: c.labelType,
    ReverseBarCode: false,
    Year: c.year,
    Brand: c.brand,
    Category: c.category,
    CardNumber: c.cardNumber,
    Subject: c.subject,
    Variety: c.variety ?? '',
    IsPSADNA: false,
    IsDualCert: false,
    GradeDescription: c.gradeDescription,
    CardGrade: c.grade,
    TotalPopulation: c.totalPopulation,
    TotalPopulationWithQualifier: 0,
    PopulationHigher: c.populationHigher,
  };
}

export async function startFakePsa(opts: FakePsaOptions = {}): Promise<FakePsa> {
  const token = opts.token ?? randomBytes(16).toString('hex');
  const certs = new Map(knownFakePsaCerts().map((c) => [c.certNumber, c]));
  for (const c of opts.certs ?? []) certs.set(c.certNumber, c);
  const requests: FakePsa['requests'] = [];
  const lookups = new Map<string, number>();
  let quota = opts.quota ?? Number.POSITIVE_INFINITY;
  let failures = { status: 503, count: 0 };

  const server = createServer((req, res) => {
    // One connection per request, so no idle socket is reused as it closes (see fake-twilio.ts).
    res.setHeader('Connection', 'close');
    const url = new URL(req.url ?? '/', 'http://fake');
    const header = req.headers.authorization ?? '';
    const given = /^bearer /i.test(header) ? header.slice(7) : '';
    const authorized = safeEqual(given, token);
    const answer = (status: number, body: unknown, type?: string) => {
      requests.push({ path: url.pathname, authorized, status });
      send(res, status, body, type);
    };
    if (req.method !== 'GET') return answer(405, { Message: 'The requested resource does not support http method.' });
    const m = url.pathname.match(/^\/cert\/(GetByCertNumber|GetImagesByCertNumber)\/([^/]*)$/);
    if (!m) return answer(404, { Message: 'No HTTP resource was found that matches the request URI.' });
    if (!authorized) return answer(401, { Message: 'Authorization has been denied for this request.' });
    if (failures.count > 0) {
      failures.count--;
      return answer(failures.status, 'Service Unavailable', 'text/plain');
    }
    if (quota <= 0) return answer(500, 'API call quota exceeded. Maximum allowed calls per day: 100', 'text/plain');
    quota--;
    const certNumber = decodeURIComponent(m[2]);
    if (m[1] === 'GetImagesByCertNumber') return answer(200, []);
    lookups.set(certNumber, (lookups.get(certNumber) ?? 0) + 1);
    if (!/^\d{1,10}$/.test(certNumber)) return answer(200, { IsValidRequest: false, ServerMessage: 'Invalid certificate number' });
    const cert = certs.get(certNumber);
    if (!cert) return answer(200, { IsValidRequest: true, ServerMessage: 'No data found' });
    return answer(200, { PSACert: asPsaApi(cert), DNACert: {} });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    token,
    requests,
    calls: (n) => lookups.get(n) ?? 0,
    setCert: (c) => void certs.set(c.certNumber, c),
    forget: (n) => void certs.delete(n),
    setQuota: (n) => void (quota = n),
    failNext(status = 503, count = 1) {
      failures = { status, count };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const psa = await startFakePsa({ port: Number(process.env.PORT ?? 0), token: process.env.PSA_API_TOKEN });
  console.log(JSON.stringify({ PSA_API_URL: psa.url, PSA_API_TOKEN: psa.token }));
}
