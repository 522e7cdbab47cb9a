// The money module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { moneyJobs, scheduleOverdueNotices, scheduleReconciliation } from './money.jobs.ts';
import { moneyRoutes } from './money.routes.ts';
import { onInvoicePaid } from './money.settlement.ts';
import { membershipInvoicePaid } from './subscriptions.service.ts';

export { billingTemplate, feeTemplateAppliesTo, type FeeTemplateRow, listFeeTemplates } from './fee-templates.service.ts';
export { postInvoiceHistory } from './invoices.ledger-history.ts';
export { createInvoiceIn, invoiceAggregate, invoicesRelatedTo, lockInvoiceStatus } from './invoices.service.ts';
export { moneyJobs, scheduleOverdueNotices, scheduleReconciliation } from './money.jobs.ts';
export { moneyRoutes } from './money.routes.ts';
export { type InvoicePaidEvent, type InvoicePaidHandler, onInvoicePaid } from './money.settlement.ts';
export { settlePayment } from './payments.service.ts';
export { seedDailyRuns } from './reconciliation.service.ts';

export const moneyModule = defineModule({
  name: 'money',
  routes: [moneyRoutes],
  jobs: moneyJobs,
  schedules: [
    { name: 'overdue notices', start: (ctx) => scheduleOverdueNotices(ctx) },
    { name: 'daily reconciliation', start: (ctx) => scheduleReconciliation(ctx) },
  ],
  listeners: [() => onInvoicePaid('subscription', membershipInvoicePaid)],
});
