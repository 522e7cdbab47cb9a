// The money module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { billingTemplate, feeTemplateAppliesTo, type FeeTemplateRow, listFeeTemplates } from './fee-templates.service.ts';
export { createInvoiceIn, invoiceAggregate, invoicesRelatedTo, lockInvoiceStatus } from './invoices.service.ts';
export { moneyJobs, scheduleOverdueNotices, scheduleReconciliation } from './money.jobs.ts';
export { moneyRoutes } from './money.routes.ts';
export { type InvoicePaidEvent, onInvoicePaid } from './money.settlement.ts';
export { settlePayment } from './payments.service.ts';
export { seedDailyRuns } from './reconciliation.service.ts';
