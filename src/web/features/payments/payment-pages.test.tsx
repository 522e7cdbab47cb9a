import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CheckoutSession, Invoice } from '#common/money.ts';
import { queryDefaults } from '#web/lib/query-client.ts';
import CheckoutPage from './checkout-page.tsx';
import PaymentTestPage from './payment-test-page.tsx';
import { PaymentSuccessPage } from './success-pages.tsx';

const session = (status: CheckoutSession['status']): CheckoutSession => ({
  sessionId: 'cs_test_1',
  provider: 'test',
  kind: 'invoice',
  status,
  amountCents: 12_345,
  invoice: {
    id: 'i1',
    number: 'INV-000007',
    status: status === 'succeeded' ? 'paid' : 'sent',
    totalCents: 12_345,
    paidAt: status === 'succeeded' ? '2026-11-23T12:00:00Z' : null,
  },
  plan: null,
});

const fetchMock = vi.fn();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderAt(path: string, page: React.ReactNode, respond: (url: string, init?: RequestInit) => Response) {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => respond(url, init));
  vi.stubGlobal('fetch', fetchMock);
  const qc = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retry: false } } });
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={qc}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {page}
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

describe('payment pages', () => {
  it('payment-success polls while the payment is processing, then shows what was paid', async () => {
    let reads = 0;
    renderAt(
      '/payment-success?session_id=cs_test_1',
      <PaymentSuccessPage />,
      () => new Response(JSON.stringify(session(++reads < 2 ? 'pending' : 'succeeded'))),
    );
    expect(await screen.findByText('Payment processing')).toBeTruthy();
    expect(await screen.findByText('Payment received', {}, { timeout: 4_000 })).toBeTruthy();
    expect(screen.getByTestId('paid-amount').textContent).toBe('$123.45');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/checkout/session/cs_test_1');
  });

  it('payment-success says a delayed payment is processing, without a retry', async () => {
    renderAt('/payment-success?session_id=cs_test_1', <PaymentSuccessPage />, () => new Response(JSON.stringify(session('processing'))));
    expect(await screen.findByText('Payment processing')).toBeTruthy();
    expect(await screen.findByText(/Your bank is moving \$123\.45 for Invoice INV-000007/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
  });

  it('a payment refused because the hold ended says so, not that it was declined', async () => {
    const ended = { ...session('failed'), invoice: { ...session('failed').invoice, status: 'void' as const }, reservationEnded: true };
    renderAt('/payment-success?session_id=cs_test_1', <PaymentSuccessPage />, () => new Response(JSON.stringify(ended)));
    expect(await screen.findByText('Your reservation ended')).toBeTruthy();
    expect(screen.queryByText('Payment declined')).toBeNull();
  });

  it('the test page completes the payment and lands on /payment-success', async () => {
    const location = renderAt(
      '/payment-test?session=cs_test_1',
      <PaymentTestPage />,
      (url, init) => new Response(JSON.stringify(session(init?.method === 'POST' && url.endsWith('/complete') ? 'succeeded' : 'pending'))),
    );
    expect(await screen.findByText('Test payment page')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Complete payment' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/payment-success?session_id=cs_test_1'));
    expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/payment-test/cs_test_1/complete' && (i as RequestInit).method === 'POST')).toBe(true);
  });
});

describe('checkout after Buy', () => {
  const invoice: Invoice = {
    id: 'i9',
    number: 'INV-000099',
    userId: 'u1',
    user: { id: 'u1', name: 'Casey Collector', phone: '+12125550103' },
    status: 'sent',
    overdue: false,
    lines: [{ type: 'fixed', label: '1986 Fleer Michael Jordan (PSA 8)', amountCents: 1_800_000, basisPoints: null, baseCents: null }],
    subtotalCents: 1_800_000,
    totalCents: 1_800_000,
    dueDate: '2026-11-28',
    related: { kind: 'sale', id: 'l9' },
    templateId: null,
    notes: null,
    voidReason: null,
    sentAt: '2026-11-27T12:00:00Z',
    paidAt: null,
    paymentReference: null,
    refundedCents: 0,
    createdAt: '2026-11-27T12:00:00Z',
    updatedAt: '2026-11-27T12:00:00Z',
  };
  const respond = (reservation: { reservedUntil: string } | null) => (url: string) =>
    url === '/api/user/invoices/i9'
      ? new Response(JSON.stringify({ invoice }))
      : url === '/api/listings/l9'
        ? new Response(JSON.stringify({ reservation }))
        : new Response('{}', { status: 404 });

  it('shows how long the card is held', async () => {
    renderAt('/checkout?invoice=i9', <CheckoutPage />, respond({ reservedUntil: new Date(Date.now() + 10 * 60_000).toISOString() }));
    const timer = await screen.findByTestId('hold-countdown');
    expect(timer.textContent).toMatch(/held for you for (9:5\d|10:00)/);
  });

  it('says the reservation ended once the hold is gone', async () => {
    renderAt('/checkout?invoice=i9', <CheckoutPage />, respond(null));
    expect(await screen.findByText(/Your reservation ended/)).toBeTruthy();
  });
});
