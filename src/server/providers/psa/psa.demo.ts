import type { PsaCert } from '#common/cards.ts';
import { PsaError, type PsaLookup, type PsaProvider } from './psa.provider.ts';

/**
 * With the demo on and no PSA token: the demo's own sample certificates answer, so a newcomer can
 * add a slab by number. Everything it answers is fictional; look-ups say so (`demo: true`). Any
 * other number is the same 503 as without a token: we cannot ask PSA.
 */
export class DemoPsaProvider implements PsaProvider {
  /** No real PSA behind it: cached answers keep serving as without a token. */
  readonly configured = false;
  readonly demo = true;
  private readonly certs: Map<string, PsaCert>;

  constructor(certs: readonly PsaCert[]) {
    this.certs = new Map(certs.map((c) => [c.certNumber, c]));
  }

  isDemoCert(certNumber: string) {
    return this.certs.has(certNumber);
  }

  async getCert(certNumber: string): Promise<PsaLookup> {
    const cert = this.certs.get(certNumber);
    if (!cert) throw new PsaError('not_configured', 'PSA lookup is not configured');
    return { found: true, cert: { ...cert } };
  }
}
