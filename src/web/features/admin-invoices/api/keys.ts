import type { AdminInvoicesQuery } from '#common/money.ts';

/** Invoice and fee-template keys; each starts with its `/api/...` path (decision 017). */
const INVOICES = '/api/admin/invoices';
const FEE_TEMPLATES = '/api/admin/fee-templates';
const USERS = '/api/admin/users';

export const adminInvoiceKeys = {
  all: [INVOICES] as const,
  list: (params: AdminInvoicesQuery) => [...adminInvoiceKeys.all, params] as const,
  detail: (id: string) => [...adminInvoiceKeys.all, id] as const,
  refunds: (id: string) => [...adminInvoiceKeys.all, id, 'refunds'] as const,
  templates: [FEE_TEMPLATES] as const,
  members: (q: string) => [USERS, { q }] as const,
};

const seg = encodeURIComponent;

export const adminInvoicePaths = {
  invoices: INVOICES,
  invoice: (id: string) => `${INVOICES}/${seg(id)}`,
  pdf: (id: string) => `${INVOICES}/${seg(id)}/pdf`,
  refunds: (id: string) => `${INVOICES}/${seg(id)}/refunds`,
  templates: FEE_TEMPLATES,
  template: (id: string) => `${FEE_TEMPLATES}/${seg(id)}`,
  users: USERS,
};
