import type { AppContext } from '#server/context.ts';
import type { PaymentProvider } from '#server/providers/payments/payments.provider.ts';

/** The app's context plus the configured payment provider. */
export type MoneyContext = AppContext & { payments: PaymentProvider };
