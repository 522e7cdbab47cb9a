import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { TEST_PAYMENTS_NOTICE, TestPaymentsBanner } from './test-payments-banner.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

function renderWith(config: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ gaMeasurementId: null, geolocationUrl: null, ...config })),
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <TestPaymentsBanner />
      <p>page</p>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('test payments banner', () => {
  it('tells everyone on a staging site that no real money moves', async () => {
    renderWith({ testPayments: true });
    expect((await screen.findByRole('status')).textContent).toBe(TEST_PAYMENTS_NOTICE);
    expect(TEST_PAYMENTS_NOTICE).toMatch(/no real money moves/);
  });

  it('shows nothing on a site that takes real payments', async () => {
    renderWith({ testPayments: false });
    await screen.findByText('page');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
