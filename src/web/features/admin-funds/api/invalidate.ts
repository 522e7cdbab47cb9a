import { useQueryClient } from '@tanstack/react-query';
import { adminFundKeys } from './keys.ts';

/** After any admin change: the list and every manage page (members' views refresh on the fund_updated event). */
export function useInvalidateAdminFunds() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: adminFundKeys.all });
}
