import type { PsaCert } from '#common/cards.ts';
import type { Config } from '#server/config.ts';
import { DemoPsaProvider } from './psa.demo.ts';
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
  /** The demo's sample certificates stand in for PSA (psa.demo.ts): what it answers is fictional. */
  readonly demo?: boolean;
  /** With `demo`: whether this number is one of the sample certificates. */
  isDemoCert?(certNumber: string): boolean;
  getCert(certNumber: string): Promise<PsaLookup>;
}

/**
 * PSA over HTTP with a token. Without one: the demo's sample certificates when the demo seed is
 * on (`demoCerts`), so adding a slab by number works out of the box; otherwise every look-up is
 * the 503 "not configured".
 */
export function createPsaProvider(
  config: Pick<Config, 'PSA_API_URL' | 'PSA_API_TOKEN' | 'SEED_DEMO'>,
  opts: { demoCerts?: readonly PsaCert[] } = {},
): PsaProvider {
  if (!config.PSA_API_TOKEN && config.SEED_DEMO && opts.demoCerts) return new DemoPsaProvider(opts.demoCerts);
  return new HttpPsaProvider({ baseUrl: config.PSA_API_URL, token: config.PSA_API_TOKEN });
}
