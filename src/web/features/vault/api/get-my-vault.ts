import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyVaultResponse } from '#common/vault.ts';
import { apiGet } from '#web/lib/api.ts';
import { vaultKeys } from './keys.ts';

/** GET /api/user/vault: the member's intakes and outtakes, the vault's address and the fee terms. */
export const fetchMyVault = (signal?: AbortSignal) => apiGet<MyVaultResponse>(vaultKeys.mine, signal);
export const myVaultQuery = () => queryOptions({ queryKey: vaultKeys.mine, queryFn: ({ signal }) => fetchMyVault(signal) });
export const useMyVault = () => useQuery(myVaultQuery());
