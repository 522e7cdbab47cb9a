import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyMessages, type VerifyResponse } from '#common/verify.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import VerifyPage from './verify-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const vaulted: VerifyResponse = {
  grader: 'PSA',
  certNumber: '25531870',
  inVault: true,
  since: '2026-05-12T15:00:00.000Z',
  grade: 'MINT 9',
  description: '1986 FLEER MICHAEL JORDAN #57',
  lastCheckedAt: '2026-05-12T15:00:00.000Z',
};

function renderAt(path: string, answer: (url: string) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => answer(String(input)));
  vi.stubGlobal('fetch', fetchMock);
  const loc = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={loc.hook} searchHook={loc.searchHook}>
        <VerifyPage />
      </Router>
    </QueryClientProvider>,
  );
  return { fetchMock, loc };
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('/verify', () => {
  it('checks the number typed, puts it in the address, and shows the vault, grade and last check in title case', async () => {
    const { fetchMock, loc } = renderAt('/verify', () => json(vaulted));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Certificate number'), { target: { value: ' #25531870 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('heading', { name: /^In our vault since May 12, 2026$/ })).toBeTruthy();
    expect(screen.getByText('1986 Fleer Michael Jordan #57')).toBeTruthy();
    expect(screen.getByText('MINT 9')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/verify/PSA/25531870');
    expect(loc.history.at(-1)).toBe('/verify?grader=PSA&cert=25531870');
  });

  it('answers from a shared address at once, and says plainly when we do not hold the slab', async () => {
    renderAt('/verify?grader=SGC&cert=123', () => json({ status: 'error', error: verifyMessages.notHeld }, 404));
    expect(await screen.findByRole('heading', { name: verifyMessages.notHeld })).toBeTruthy();
    expect(screen.getByText(/SGC certificate 123 is not a slab we hold/)).toBeTruthy();
    expect((screen.getByLabelText('Grading company') as HTMLSelectElement).value).toBe('SGC');
  });

  it('refuses letters before asking the server, and shows the rate limit as the server words it', async () => {
    const { fetchMock } = renderAt('/verify', () => json({ status: 'error', error: verifyMessages.tooMany }, 429));
    fireEvent.change(screen.getByLabelText('Certificate number'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/digits/i)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Certificate number'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(verifyMessages.tooMany)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'We could not check this certificate' })).toBeTruthy();
  });

  it('says when a held slab is not in the vault now, with no date', async () => {
    renderAt('/verify?grader=PSA&cert=61873204', () => json({ ...vaulted, inVault: false, since: null, lastCheckedAt: null }));
    expect(await screen.findByRole('heading', { name: 'Registered with us, not in our vault now' })).toBeTruthy();
    expect(screen.getByText('Not checked yet')).toBeTruthy();
  });
});
