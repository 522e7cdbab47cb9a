import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { labelTableCells, LegalPage, stripLeadingH1 } from './legal-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(slug: 'terms' | 'privacy' | 'cookies') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <LegalPage slug={slug} />
    </QueryClientProvider>,
  );
}

function stubFetch(...responses: Array<{ status: number; body: unknown }>) {
  const fn = vi.fn();
  for (const r of responses) {
    fn.mockResolvedValueOnce(new Response(typeof r.body === 'string' ? r.body : JSON.stringify(r.body), { status: r.status }));
  }
  vi.stubGlobal('fetch', fn);
  return fn;
}

const page = {
  slug: 'privacy',
  title: 'Privacy Policy',
  version: 3,
  html: '<h1>Privacy Policy</h1><h2>1. What we collect</h2><p>Your <a href="/cookies">cookie</a> choices.</p>',
  updatedAt: '2024-01-02T12:00:00.000Z',
  effectiveAt: '2024-01-05T12:00:00.000Z',
  summary: null,
};

describe('LegalPage', () => {
  it('loads /api/legal/<slug> and shows title, version, date and the document', async () => {
    const fetchMock = stubFetch({ status: 200, body: page });
    renderPage('privacy');
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(await screen.findByText('Version 3')).toBeTruthy();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/legal/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText('Effective Jan 5, 2024')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '1. What we collect' })).toBeTruthy();
    // The document's own H1 is dropped: exactly one H1 on the page.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Privacy Policy'));
  });

  it('shows an error with a retry that loads the page again', async () => {
    const fetchMock = stubFetch({ status: 500, body: 'boom' }, { status: 200, body: page });
    renderPage('privacy');
    expect((await screen.findByRole('alert')).textContent).toContain("We couldn't load this document.");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Version 3')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('marks the current document in the documents nav', async () => {
    stubFetch({ status: 200, body: { ...page, slug: 'cookies', title: 'Cookie Policy' } });
    renderPage('cookies');
    const current = screen.getByRole('link', { name: 'Cookie Policy' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Terms of Use' }).getAttribute('aria-current')).toBeNull();
  });
});

describe('stripLeadingH1', () => {
  it('drops only a leading H1', () => {
    expect(stripLeadingH1('<h1>Terms</h1>\n<p>a</p><h1>b</h1>')).toBe('<p>a</p><h1>b</h1>');
    expect(stripLeadingH1('<p>a</p><h1>b</h1>')).toBe('<p>a</p><h1>b</h1>');
  });
});

describe('labelTableCells', () => {
  it('labels body cells with their column heading', () => {
    const root = document.createElement('div');
    root.innerHTML = '<table><thead><tr><th>Name</th><th>Duration</th></tr></thead><tbody><tr><td>session</td><td>8 hours</td></tr></tbody></table>';
    labelTableCells(root);
    const cells = root.querySelectorAll('td');
    expect(cells[0].getAttribute('data-label')).toBe('Name');
    expect(cells[1].getAttribute('data-label')).toBe('Duration');
  });
});
