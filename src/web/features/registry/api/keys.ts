/**
 * The registry's query keys and paths. The first element of every key is the spec's `/api/...`
 * path, so the live refresh map (card_updated → /api/cards, /api/registry) reaches them.
 */
import type { RegistryQuery } from '#common/cards.ts';

const CARDS = '/api/cards';
const REGISTRY = '/api/registry';
const PSA_CERT = '/api/psa/cert';

export const cardKeys = {
  all: [CARDS] as const,
  registry: [REGISTRY] as const,
  /** One page of the registry; under `registry`, so invalidating that refreshes every page. */
  registryPage: (params: RegistryQuery) => [...cardKeys.registry, params] as const,
  /** Under `all`, so a card_updated refresh of /api/cards also moves an open card's timeline. */
  detail: (id: string) => [...cardKeys.all, id] as const,
  psa: [PSA_CERT] as const,
  psaCert: (certNumber: string) => [...cardKeys.psa, certNumber] as const,
};

const seg = encodeURIComponent;

export const cardPaths = {
  cards: CARDS,
  card: (id: string) => `${CARDS}/${seg(id)}`,
  images: (id: string) => `${CARDS}/${seg(id)}/images`,
  pinnedEstimate: (id: string) => `${CARDS}/${seg(id)}/pinned-estimate`,
  psaCert: (certNumber: string) => `${PSA_CERT}/${seg(certNumber)}`,
};
