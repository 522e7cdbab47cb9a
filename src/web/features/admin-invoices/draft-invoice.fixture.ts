import type { Invoice } from '#common/money.ts';

/** A member's draft invoice of one line, as the editor's tests start from. */
export const draft: Invoice = {
  id: 'i1',
  number: 'INV-000042',
  userId: 'u1',
  user: { id: 'u1', name: 'Marcus Lee', phone: '+15555550123' },
  status: 'draft',
  overdue: false,
  lines: [{ type: 'fixed', label: 'Authentication', amountCents: 2_500, basisPoints: null, baseCents: null }],
  subtotalCents: 2_500,
  totalCents: 2_500,
  dueDate: '2026-12-01',
  related: null,
  templateId: null,
  notes: null,
  voidReason: null,
  sentAt: null,
  paidAt: null,
  paymentReference: null,
  refundedCents: 0,
  createdAt: '2026-11-20T00:00:00Z',
  updatedAt: '2026-11-20T00:00:00Z',
};
