// The ledger module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { ledgerRoutes } from './ledger.routes.ts';

export {
  notPosted,
  postCaptureRefused,
  postFundTransaction,
  postHousePurchase,
  postInstallmentPaidOutside,
  postInvoiceMove,
  postInvoiceSent,
  postInvoiceVoided,
  postLoanFunded,
  postLoanSettledOutside,
  postMembershipRenewed,
  postPaymentSettled,
  postRefund,
  postSaleSettled,
  postSellerPayout,
} from './ledger.postings.ts';
export { ledgerRoutes } from './ledger.routes.ts';
export { clearingMovements, type ClearingMovement, invoiceAccountNet, trialBalance } from './ledger.service.ts';

export const ledgerModule = defineModule({ name: 'ledger', routes: [ledgerRoutes] });
