import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingOffer } from '#common/listing-offers.ts';
import { apiRequest } from '#web/lib/api.ts';
import { marketplaceApi, marketplaceKeys } from './keys.ts';

export type OfferAnswer = { id: string; action: 'accept' | 'decline' | 'withdraw' } | { id: string; action: 'counter'; amountCents: number };

/** POST /api/offers/{id}/accept | decline | counter | withdraw. */
export const answerListingOffer = (a: OfferAnswer) =>
  apiRequest<ListingOffer>(
    'POST',
    marketplaceApi.offerAction(a.id, a.action),
    a.action === 'counter' ? { body: { amountCents: a.amountCents } } : {},
  );

/** Accepting reserves the listing, so the listing reads and sales refresh too. */
export function useAnswerListingOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: answerListingOffer,
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: marketplaceKeys.offers }),
        qc.invalidateQueries({ queryKey: marketplaceKeys.listings }),
        qc.invalidateQueries({ queryKey: ['/api/admin/offers'] }),
      ]),
  });
}
