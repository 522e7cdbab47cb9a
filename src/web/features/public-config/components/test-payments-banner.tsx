import { usePublicConfig } from '../api/get-public-config.ts';

export const TEST_PAYMENTS_NOTICE = 'Test payments: no real money moves on this site.';

/** On a staging site (production running the test payment provider), on every page. */
export function TestPaymentsBanner() {
  const { data } = usePublicConfig();
  if (!data?.testPayments) return null;
  return (
    <div role="status" className="bg-amber-100 px-4 py-1.5 text-center text-sm font-medium text-amber-950 dark:bg-amber-900 dark:text-amber-50">
      {TEST_PAYMENTS_NOTICE}
    </div>
  );
}
