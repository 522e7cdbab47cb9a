import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_CONFIG_ID } from '#common/page-session.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { seedPublicConfig } from '../api/page-config.ts';
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

  it('is there at the first render when the page carries the public config, with no request', () => {
    const fetch = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    const doc = document.implementation.createHTMLDocument('page');
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = PAGE_CONFIG_ID;
    block.textContent = JSON.stringify({ gaMeasurementId: null, geolocationUrl: null, testPayments: true });
    doc.body.append(block);
    const client = createQueryClient();
    seedPublicConfig(client, doc);
    expect(doc.getElementById(PAGE_CONFIG_ID)).toBeNull();
    render(
      <QueryClientProvider client={client}>
        <TestPaymentsBanner />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe(TEST_PAYMENTS_NOTICE);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the API when the block is missing or broken', async () => {
    const doc = document.implementation.createHTMLDocument('page');
    const block = doc.createElement('script');
    block.id = PAGE_CONFIG_ID;
    block.textContent = '{not json';
    doc.body.append(block);
    const client = createQueryClient();
    seedPublicConfig(client, doc);
    seedPublicConfig(client, document.implementation.createHTMLDocument('none'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ gaMeasurementId: null, geolocationUrl: null, testPayments: true })),
    );
    render(
      <QueryClientProvider client={client}>
        <TestPaymentsBanner />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect((await screen.findByRole('status')).textContent).toBe(TEST_PAYMENTS_NOTICE);
  });
});
