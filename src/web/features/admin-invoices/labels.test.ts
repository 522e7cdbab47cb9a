import { describe, expect, it } from 'vitest';
import { invoiceBadge, invoiceStatusStyles } from './labels.ts';

describe('invoiceBadge', () => {
  it('shows a delayed payment on its way before overdue, and stored statuses as they are', () => {
    expect(invoiceBadge({ status: 'sent', overdue: true, processing: true })).toBe('processing');
    expect(invoiceStatusStyles[invoiceBadge({ status: 'sent', overdue: false, processing: true })].label).toBe('Payment processing');
    expect(invoiceBadge({ status: 'sent', overdue: true })).toBe('overdue');
    expect(invoiceBadge({ status: 'sent', overdue: false })).toBe('sent');
    expect(invoiceBadge({ status: 'paid', overdue: false, processing: false })).toBe('paid');
  });
});
