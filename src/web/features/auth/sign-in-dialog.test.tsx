import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { dismissToast } from '#web/hooks/use-toast.ts';
import { clearCredentials, getCredentials } from '#web/lib/credentials.ts';
import { clearAuthStateCookie, hasAuthStateCookie } from './auth-cookie.ts';
import { SignInDialog } from './sign-in-dialog.tsx';
import { openSignIn, setSignInOpen } from './sign-in-store.ts';
import { createQueryClient } from '#web/lib/query-client.ts';

const fetchMock = vi.fn();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const user = { id: '0b8f6f5e-4a7c-4f57-9d67-6a1f0f6f2a11', name: 'Casey Collector', phone: '+12125550103', isAdmin: false, isManager: false };

beforeAll(() => {
  // input-otp looks for password-manager badges with elementFromPoint, which jsdom lacks.
  document.elementFromPoint ??= () => null;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
    if (url === '/api/public-config') return json(200, { gaMeasurementId: null, geolocationUrl: null });
    if (url === '/api/send-otp') return json(200, { status: 'success', message: 'Verification code sent' });
    if (url === '/api/verify-otp') {
      const body = JSON.parse(String(init.body));
      if (body.otp !== '123456') return json(400, { status: 'error', error: 'Invalid verification code' });
      return json(200, { status: 'success', authToken: 'tok', user: { ...user, isImpersonated: false } });
    }
    if (url === '/api/auth/me') return json(200, { ...user, isImpersonated: false, isAuthenticated: true });
    return json(404, { status: 'error', error: 'Not found' });
  });
});
afterEach(() => {
  act(() => {
    setSignInOpen(false);
    dismissToast();
  });
  cleanup();
  vi.unstubAllGlobals();
  clearCredentials();
  clearAuthStateCookie();
});

function renderDialog() {
  const location = memoryLocation({ path: '/', record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <SignInDialog />
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  act(() => openSignIn());
  return location;
}

const calls = (path: string) => fetchMock.mock.calls.filter(([u]) => u === path).map(([, init]) => JSON.parse(init.body));

async function toCodeStep() {
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '2125550103' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
  await screen.findByRole('button', { name: 'Complete Verification' });
}

describe('sign-in dialog (spec §2, §4, §5, §8)', () => {
  it('checks the phone, sends the code, and moves to the code step', async () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    expect(calls('/api/send-otp')).toEqual([]);
    await toCodeStep();
    expect(calls('/api/send-otp')).toEqual([{ phone: '+12125550103' }]);
    expect(screen.getByText('Verification code sent')).toBeTruthy();
    expect(screen.getByText('Please check your phone for the verification code')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Phone Entry' })).toBeTruthy();
  });

  it('asks for 6 digits, shows the server message on a wrong code, and signs in with the right one', async () => {
    const location = renderDialog();
    await toCodeStep();
    fireEvent.click(screen.getByRole('button', { name: 'Complete Verification' }));
    expect(await screen.findByText('OTP must be 6 digits')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '999999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Verification' }));
    expect(await screen.findByText('Verification failed')).toBeTruthy();
    expect(screen.getByText('Invalid verification code')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByText('New here? Add your name and email (optional)'));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'casey@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Verification' }));
    expect(await screen.findByText("You've been logged in successfully")).toBeTruthy();
    expect(calls('/api/verify-otp').at(-1)).toEqual({
      phone: '+12125550103',
      otp: '123456',
      profileData: { email: 'casey@example.com' },
    });
    expect(getCredentials()).toEqual({ userId: user.id, authToken: 'tok' });
    expect(hasAuthStateCookie()).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history.at(-1)).toBe('/dashboard');
  });

  it('rejects a bad email before sending', async () => {
    renderDialog();
    await toCodeStep();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByText('New here? Add your name and email (optional)'));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Verification' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(calls('/api/verify-otp')).toEqual([]);
  });

  it('goes back to the phone step, and closing resets to the phone step with cleared forms', async () => {
    renderDialog();
    await toCodeStep();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Phone Entry' }));
    expect(await screen.findByRole('button', { name: 'Send Verification Code' })).toBeTruthy();
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('(212) 555-0103');

    await toCodeStep();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => openSignIn());
    expect(await screen.findByRole('button', { name: 'Send Verification Code' })).toBeTruthy();
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('');
  });

  it('shows the send failure with the server message', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/send-otp'
        ? json(429, { status: 'error', error: 'Too many verification requests. Please try again later.' })
        : json(200, { gaMeasurementId: null, geolocationUrl: null }),
    );
    renderDialog();
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '2125550103' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText('Failed to send verification code')).toBeTruthy();
    expect(screen.getByText('Too many verification requests. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Verification Code' })).toBeTruthy();
  });

  it('a number that replied STOP is told on the form how to opt back in, not that a code was sent', async () => {
    const stopped = 'This number replied STOP; text START to +1 212 555 0199 to receive codes';
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/send-otp'
        ? json(409, { status: 'error', error: stopped, reason: 'sms_opted_out' })
        : json(200, { gaMeasurementId: null, geolocationUrl: null }),
    );
    renderDialog();
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '2125550103' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    const note = await screen.findByRole('alert');
    expect(note.textContent).toBe(stopped);
    // Still on the phone step, and no "sent" or failure toast.
    expect(screen.getByRole('button', { name: 'Send Verification Code' })).toBeTruthy();
    expect(screen.queryByText('Verification code sent')).toBeNull();
    expect(screen.queryByText('Failed to send verification code')).toBeNull();

    // After START, the next try goes through and the note is gone.
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/send-otp'
        ? json(200, { status: 'success', message: 'Verification code sent' })
        : json(200, { gaMeasurementId: null, geolocationUrl: null }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    await screen.findByRole('button', { name: 'Complete Verification' });
    expect(screen.queryByText(stopped)).toBeNull();
  });

  it('offers Resend on the code step after its 30 s cooldown, and says when a code expired', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      fetchMock.mockImplementation(async (url: string) => {
        if (url === '/api/send-otp') return json(200, { status: 'success', message: 'Verification code sent' });
        if (url === '/api/verify-otp') return json(400, { status: 'error', error: 'Verification code expired. Send a new code.' });
        return json(200, { gaMeasurementId: null, geolocationUrl: null });
      });
      renderDialog();
      await toCodeStep();
      const resend = screen.getByRole('button', { name: /Resend code/ });
      expect(resend.textContent).toContain('Resend code in 30s');
      expect((resend as HTMLButtonElement).disabled).toBe(true);
      act(() => vi.advanceTimersByTime(10_000));
      expect(resend.textContent).toContain('in 20s');

      fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
      fireEvent.click(screen.getByRole('button', { name: 'Complete Verification' }));
      expect(await screen.findByText('Verification code expired. Send a new code.')).toBeTruthy();

      act(() => vi.advanceTimersByTime(20_000));
      await waitFor(() => expect((screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
      await waitFor(() => expect(calls('/api/send-otp')).toHaveLength(2));
      expect(calls('/api/send-otp')[1]).toEqual({ phone: '+12125550103' });
      await waitFor(() => expect(screen.getByRole('button', { name: /Resend code/ }).textContent).toContain('in 30s'));
    } finally {
      vi.useRealTimers();
    }
  });
});
