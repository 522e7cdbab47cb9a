import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AdminUser } from '#common/auth.ts';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { dismissToast } from '#web/hooks/use-toast.ts';
import { clearCredentials } from '#web/lib/credentials.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { clearAuthStateCookie } from '#web/features/auth/auth-cookie.ts';
import { currentUserQuery } from '#web/features/auth/api/get-current-user.ts';
import { ImpersonateDialog } from './impersonate-dialog.tsx';

const fetchMock = vi.fn();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const admin = { id: 'a1', name: 'Ada Admin', phone: '+12125550100', isAdmin: true, isManager: false };
const member = { id: 'm1', name: 'Casey Collector', phone: '+12125550103' } as AdminUser;

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
    if (url === '/api/auth/me') return json(200, { ...admin, isImpersonated: false, isAuthenticated: true });
    if (url === '/api/send-otp') return json(200, { status: 'success', message: 'Verification code sent' });
    if (url === '/api/verify-otp') {
      const body = JSON.parse(String(init.body));
      if (body.otp !== '123456') return json(400, { status: 'error', error: 'Invalid verification code' });
      return json(200, { status: 'success', authToken: 'tok', user: { ...member, isAdmin: false, isManager: false, isImpersonated: true } });
    }
    return json(404, { status: 'error', error: 'Not found' });
  });
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
  clearCredentials();
  clearAuthStateCookie();
});

function renderDialog() {
  const location = memoryLocation({ path: '/admin/users', record: true });
  const onClose = vi.fn();
  const qc = createQueryClient();
  // The signed-in admin, as the app has them before the dialog opens.
  qc.setQueryData(currentUserQuery().queryKey, { ...admin, isImpersonated: false, isAuthenticated: true } as never);
  render(
    <QueryClientProvider client={qc}>
      <Router hook={location.hook}>
        <ImpersonateDialog user={member} onClose={onClose} />
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return { location, onClose };
}
const calls = (path: string) => fetchMock.mock.calls.filter(([u]) => u === path).map(([, init]) => JSON.parse(init.body));

describe('view as a member (spec §6)', () => {
  it("asks for six digits, clears a refused code, and verifies with the admin's phone naming the member", async () => {
    const { location, onClose } = renderDialog();
    const send = await screen.findByRole('button', { name: 'Send code to my phone' });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(send);
    fireEvent.click(await screen.findByRole('button', { name: 'Verify and view as member' }));
    expect(await screen.findByText('OTP must be 6 digits')).toBeTruthy();
    expect(screen.getByLabelText('Verification code').getAttribute('aria-describedby')).toMatch(/-otp-error$/);
    expect(calls('/api/verify-otp')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '999999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and view as member' }));
    expect(await screen.findByText('Invalid verification code')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Verification code').value).toBe(''));

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and view as member' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls('/api/verify-otp').at(-1)).toEqual({ phone: admin.phone, otp: '123456', targetUserPhone: member.phone });
    expect(location.history.at(-1)).toBe('/dashboard');
  });
});
