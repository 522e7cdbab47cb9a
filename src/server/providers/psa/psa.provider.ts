import type { PsaCert } from '#common/cards.ts';
import type { Config } from '#server/config.ts';
import { HttpPsaProvider } from './psa.http.ts';

export type PsaLookup = { found: true; cert: PsaCert } | { found: false; message: string };

export type PsaFailure = 'not_configured' | 'unauthorized' | 'quota' | 'unavailable';

/** PSA could not answer the question (as opposed to answering "no such certificate"). */
export class PsaError extends Error {
  constructor(
    readonly kind: PsaFailure,
    message: string,
  ) {
    super(message);
    this.name = 'PsaError';
  }
}

/** Certificate look-ups at PSA. Every call may cost one of the day's quota. */
export interface PsaProvider {
  /** False when no token is set: every call throws PsaError('not_configured'). */
  readonly configured: boolean;
  getCert(certNumber: string): Promise<PsaLookup>;
}

export function createPsaProvider(config: Pick<Config, 'PSA_API_URL' | 'PSA_API_TOKEN'>): PsaProvider {
  return new HttpPsaProvider({ baseUrl: config.PSA_API_URL, token: config.PSA_API_TOKEN });
}
