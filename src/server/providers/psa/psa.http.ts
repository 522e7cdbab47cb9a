import type { PsaCert } from '#common/cards.ts';
import { PsaError, type PsaLookup, type PsaProvider } from './psa.provider.ts';

/** PSA's certificate as its public API spells it (fields we read; others are ignored). */
export interface PsaApiCert {
  CertNumber?: string | number;
  Year?: string | null;
  Brand?: string | null;
  Category?: string | null;
  CardNumber?: string | null;
  Subject?: string | null;
  Variety?: string | null;
  CardGrade?: string | null;
  GradeDescription?: string | null;
  TotalPopulation?: number | null;
  PopulationHigher?: number | null;
  LabelType?: string | null;
}

const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};
const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null;

export function normalisePsaCert(certNumber: string, c: PsaApiCert, images: { front: string | null; back: string | null }): PsaCert {
  return {
    certNumber: text(c.CertNumber) ?? certNumber,
    year: text(c.Year),
    brand: text(c.Brand),
    subject: text(c.Subject),
    cardNumber: text(c.CardNumber),
    variety: text(c.Variety),
    category: text(c.Category),
    grade: text(c.CardGrade),
    gradeDescription: text(c.GradeDescription),
    totalPopulation: num(c.TotalPopulation),
    populationHigher: num(c.PopulationHigher),
    labelType: text(c.LabelType),
    imageFrontUrl: images.front,
    imageBackUrl: images.back,
  };
}

const QUOTA_TEXT = /quota|limit|too many|exceeded/i;

/**
 * PSA's public API: GET {base}/cert/GetByCertNumber/{n} and /cert/GetImagesByCertNumber/{n},
 * `Authorization: bearer {token}`. A found cert carries `PSACert`; an unknown one answers
 * `IsValidRequest`/`ServerMessage` without it; a bad token is 401; past the day's quota PSA
 * answers an error status with text.
 */
export class HttpPsaProvider implements PsaProvider {
  readonly configured: boolean;
  constructor(private readonly opts: { baseUrl: string; token?: string; timeoutMs?: number; fetch?: typeof fetch }) {
    this.configured = Boolean(opts.token);
  }

  private async call(path: string): Promise<{ status: number; body: string }> {
    if (!this.opts.token) throw new PsaError('not_configured', 'PSA lookup is not configured');
    const url = `${this.opts.baseUrl.replace(/\/+$/, '')}${path}`;
    let res: Response;
    try {
      res = await (this.opts.fetch ?? fetch)(url, {
        headers: { Authorization: `bearer ${this.opts.token}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 8_000),
      });
    } catch (err) {
      throw new PsaError('unavailable', `PSA did not answer: ${(err as Error).message}`);
    }
    const body = await res.text().catch(() => '');
    if (res.status === 401) throw new PsaError('unauthorized', 'PSA refused the token');
    if (res.status === 429 || (!res.ok && QUOTA_TEXT.test(body))) throw new PsaError('quota', 'PSA daily quota reached');
    return { status: res.status, body };
  }

  async getCert(certNumber: string): Promise<PsaLookup> {
    const { status, body } = await this.call(`/cert/GetByCertNumber/${encodeURIComponent(certNumber)}`);
    if (status === 400 || status === 404) return { found: false, message: serverMessage(body) ?? 'Invalid certificate number' };
    if (status < 200 || status >= 300) throw new PsaError('unavailable', `PSA answered ${status}`);
    let parsed: { PSACert?: PsaApiCert; IsValidRequest?: boolean; ServerMessage?: string };
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new PsaError('unavailable', 'PSA answered something other than JSON');
    }
    if (!parsed?.PSACert) return { found: false, message: text(parsed?.ServerMessage) ?? 'No data found' };
    return { found: true, cert: normalisePsaCert(certNumber, parsed.PSACert, await this.images(certNumber)) };
  }

  /** Photos are a nicety: a failure here (quota included) leaves them out rather than failing the look-up. */
  private async images(certNumber: string): Promise<{ front: string | null; back: string | null }> {
    const none = { front: null, back: null };
    try {
      const { status, body } = await this.call(`/cert/GetImagesByCertNumber/${encodeURIComponent(certNumber)}`);
      if (status !== 200) return none;
      const list = JSON.parse(body) as { IsFrontImage?: boolean; ImageURL?: string }[];
      if (!Array.isArray(list)) return none;
      const url = (front: boolean) => {
        const u = list.find((i) => Boolean(i.IsFrontImage) === front)?.ImageURL;
        return typeof u === 'string' && /^https:\/\//.test(u) ? u : null;
      };
      return { front: url(true), back: url(false) };
    } catch {
      return none;
    }
  }
}

function serverMessage(body: string): string | null {
  try {
    return text((JSON.parse(body) as { ServerMessage?: string }).ServerMessage);
  } catch {
    return null;
  }
}
