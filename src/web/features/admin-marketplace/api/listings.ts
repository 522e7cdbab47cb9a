import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminListing,
  AdminListingsResponse,
  CreateListingInput,
  HouseCardsResponse,
  ListingStatus,
  PatchListingInput,
} from '#common/marketplace.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { adminMarketApi, adminMarketKeys } from './keys.ts';

type ListParams = { status?: ListingStatus; q?: string };

/** GET /api/admin/listings?status&q: every listing, house and member. */
export const fetchAdminListings = (params: ListParams, signal?: AbortSignal) =>
  apiGet<AdminListingsResponse>(adminMarketKeys.listingList(params), signal);
export const adminListingsQuery = (params: ListParams) =>
  queryOptions({ queryKey: adminMarketKeys.listingList(params), queryFn: ({ signal }) => fetchAdminListings(params, signal) });
export const useAdminListings = (params: ListParams) => useQuery(adminListingsQuery(params));

/** GET /api/admin/listings/house-cards: house cards in the vault that nothing holds. */
export const fetchHouseCards = (signal?: AbortSignal) => apiGet<HouseCardsResponse>(adminMarketKeys.houseCards, signal);
export const houseCardsQuery = () => queryOptions({ queryKey: adminMarketKeys.houseCards, queryFn: ({ signal }) => fetchHouseCards(signal) });
export const useHouseCards = (enabled: boolean) => useQuery({ ...houseCardsQuery(), enabled });

const invalidateAll = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all([qc.invalidateQueries({ queryKey: adminMarketKeys.listings }), qc.invalidateQueries({ queryKey: adminMarketKeys.houseCards })]);

/** POST /api/admin/listings: list a house card at a price. */
export const createListing = (input: CreateListingInput) => apiRequest<AdminListing>('POST', adminMarketApi.listings, { body: input });
export function useCreateListing() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createListing, onSuccess: () => invalidateAll(qc) });
}

/** PATCH /api/admin/listings/{id}: change the price, feature, or withdraw. */
export const patchListing = ({ id, ...body }: PatchListingInput & { id: string }) =>
  apiRequest<AdminListing>('PATCH', adminMarketApi.listing(id), { body });
export function usePatchListing() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: patchListing, onSettled: () => invalidateAll(qc) });
}
