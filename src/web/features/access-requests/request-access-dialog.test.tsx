import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { dismissToast } from '#web/hooks/use-toast.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { RequestAccessDialog } from './request-access-dialog.tsx';

const fetchMock = vi.fn();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
let answer: () => Response | Promise<Response>;

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  answer = () => json(200, { status: 'success', message: 'Your request for access has been received.' });
  fetchMock.mockImplementation(async (url: string) => {
    if (url === '/api/request-access') return answer();
    if (url === '/api/public-config') return json(200, { gaMeasurementId: null, geolocationUrl: null });
    return json(404, { status: 'error', error: 'Not found' });
  });
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <QueryClientProvider client={createQueryClient()}>
      <RequestAccessDialog open={open} onOpenChange={setOpen} />
      <Toaster />
    </QueryClientProvider>
  );
}

const posted = () => fetchMock.mock.calls.filter(([u]) => u === '/api/request-access').map(([, init]) => JSON.parse(init.body));
const submit = () => screen.getByRole('button', { name: 'REQUEST ACCESS' }) as HTMLButtonElement;
const box = (name: RegExp) => screen.getByRole('checkbox', { name });

function fillValid() {
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '4155550177' } });
  fireEvent.change(screen.getByLabelText('Instagram'), { target: { value: '@grail.hunter' } });
  fireEvent.click(box(/Terms of Use/));
  fireEvent.click(box(/Privacy and Cookie Policy/));
}

async function expectSentToastAndReset() {
  expect(await screen.findByText('Request sent')).toBeTruthy();
  expect(screen.getByText('Your request for access has been received. You may now close this window.')).toBeTruthy();
  await waitFor(() => expect((screen.getByLabelText('Instagram') as HTMLInputElement).value).toBe(''));
  expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('');
  expect(box(/Terms of Use/).getAttribute('aria-checked')).toBe('false');
  expect(submit().disabled).toBe(true);
}

describe('Request Private Access dialog (spec §2, §5, §8)', () => {
  it('shows the fields, the four consents and the note', () => {
    render(<Harness />);
    expect(screen.getByRole('heading', { name: 'Request Private Access' })).toBeTruthy();
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).type).toBe('tel');
    expect(screen.getByText('@')).toBeTruthy();
    expect(screen.getByLabelText('Referral')).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
    expect(screen.getAllByRole('button', { name: /^Details on/ })).toHaveLength(4);
    expect(screen.getByText('By request only. All applications are subject to approval.')).toBeTruthy();
  });

  it('REQUEST ACCESS is disabled until both terms and privacy are ticked', () => {
    render(<Harness />);
    expect(submit().disabled).toBe(true);
    fireEvent.click(box(/Terms of Use/));
    expect(submit().disabled).toBe(true);
    fireEvent.click(box(/Privacy and Cookie Policy/));
    expect(submit().disabled).toBe(false);
    fireEvent.click(box(/Terms of Use/));
    expect(submit().disabled).toBe(true);
  });

  it('the details expand and link to the terms, privacy and cookie policies', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Details on the Terms of Use' }));
    expect(screen.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/terms');
    fireEvent.click(screen.getByRole('button', { name: 'Details on privacy and cookies' }));
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Cookie Policy' }).getAttribute('href')).toBe('/cookies');
  });

  it('shows the spec messages and sends nothing while the form is invalid', async () => {
    render(<Harness />);
    fireEvent.click(box(/Terms of Use/));
    fireEvent.click(box(/Privacy and Cookie Policy/));
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '41555' } });
    fireEvent.click(submit());
    expect(await screen.findByText('Phone number must be at least 10 digits')).toBeTruthy();
    expect(screen.getByText('Either Instagram username or Referral is required')).toBeTruthy();
    expect(screen.getByLabelText('Instagram').getAttribute('aria-invalid')).toBe('true');
    expect(posted()).toEqual([]);
  });

  it('sends the request and, on success, shows "Request sent" and resets the form', async () => {
    render(<Harness />);
    fillValid();
    fireEvent.click(box(/account/));
    fireEvent.click(submit());
    await expectSentToastAndReset();
    expect(posted()).toEqual([
      {
        phone: '+14155550177',
        instagram: 'grail.hunter',
        referral: null,
        termsAccepted: true,
        privacyAccepted: true,
        marketingOptIn: false,
        smsOptIn: true,
      },
    ]);
  });

  it('on failure shows "Request failed" (not "Request sent"), keeps what was typed, and only logs the real error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = () => json(500, { status: 'error', error: 'Something went wrong' });
    render(<Harness />);
    fillValid();
    fireEvent.click(submit());
    expect(await screen.findByText('Request failed')).toBeTruthy();
    expect(screen.getByText("We couldn't process your access request. Please try again later.")).toBeTruthy();
    expect(screen.queryByText('Request sent')).toBeNull();
    expect((screen.getByLabelText('Instagram') as HTMLInputElement).value).toBe('@grail.hunter');
    await waitFor(() => expect(submit().disabled).toBe(false));
    const ours = logged.mock.calls.find(([first]) => first === 'Access request failed');
    expect(String(ours?.[1])).toContain('500');
    expect(screen.queryByText(/Something went wrong/)).toBeNull();
  });

  it('a referral alone is sent with instagram null and accepted', async () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '4155550177' } });
    fireEvent.change(screen.getByLabelText('Referral'), { target: { value: 'Dana Whitfield' } });
    fireEvent.click(box(/Terms of Use/));
    fireEvent.click(box(/Privacy and Cookie Policy/));
    fireEvent.click(submit());
    await expectSentToastAndReset();
    expect(posted()).toEqual([expect.objectContaining({ instagram: null, referral: 'Dana Whitfield' })]);
  });
});
