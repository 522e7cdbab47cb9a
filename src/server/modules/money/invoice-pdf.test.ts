import { describe, expect, it } from 'vitest';
import type { Invoice } from '#common/money.ts';
import { pdfTextLines } from '#server/test/pdf-text.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: 'inv_1',
  number: 'INV-2026-0042',
  userId: 'u_1',
  user: { id: 'u_1', name: 'Casey Collector', phone: '+12125550103' },
  status: 'sent',
  overdue: false,
  lines: [
    { type: 'bps', label: 'Photography and authentication check (1%)', amountCents: 12_500, basisPoints: 100, baseCents: 1_250_000 },
    { type: 'bps', label: 'Seller commission', amountCents: 100_000, basisPoints: 800, baseCents: 1_250_000 },
    { type: 'fixed', label: 'Shipping', amountCents: 2_500, basisPoints: null, baseCents: null },
  ],
  subtotalCents: 115_000,
  totalCents: 115_000,
  dueDate: '2026-12-08',
  related: null,
  templateId: null,
  notes: null,
  voidReason: null,
  sentAt: '2026-11-27T15:00:00.000Z',
  paidAt: null,
  paymentReference: null,
  refundedCents: 0,
  createdAt: '2026-11-27T15:00:00.000Z',
  updatedAt: '2026-11-27T15:00:00.000Z',
  ...over,
});

describe('invoice PDF', () => {
  it('shows dates as people read them and the phone formatted, never raw', async () => {
    const lines = pdfTextLines(await renderInvoicePdf(invoice({ status: 'paid', paidAt: '2026-12-09T03:30:00.000Z' })));
    expect(lines).toContain('INVOICE');
    expect(lines).toContain('Casey Collector');
    expect(lines).toContain('+1 212 555 0103');
    expect(lines).toContain('Dec 8, 2026');
    expect(lines).toContain('Paid Dec 9, 2026');
    expect(lines.join('\n')).not.toMatch(/\d{4}-\d{2}-\d{2}|\+12125550103/);
  });

  it('says the rate of a percentage line once', async () => {
    const lines = pdfTextLines(await renderInvoicePdf(invoice()));
    expect(lines).toContain('Photography and authentication check (1% of $12,500.00)');
    expect(lines).toContain('Seller commission (8% of $12,500.00)');
    expect(lines).toContain('Shipping');
    expect(lines).toContain('$1,150.00');
  });

  it('shows the formatted phone for a member without a name', async () => {
    const lines = pdfTextLines(await renderInvoicePdf(invoice({ user: { id: 'u_1', name: null, phone: '+442079460958' } })));
    expect(lines).toContain('+44 20 7946 0958');
  });
});
