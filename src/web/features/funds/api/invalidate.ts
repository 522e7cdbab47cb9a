import { useQueryClient } from '@tanstack/react-query';
import { fundKeys } from './keys.ts';

/** Refreshes every fund read (list, details, holdings) and the member's positions. */
export function useInvalidateFunds() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: fundKeys.all }), qc.invalidateQueries({ queryKey: fundKeys.positions })]);
}
