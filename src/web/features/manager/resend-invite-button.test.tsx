import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManagerClient } from '#common/onboarding.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { ResendInviteButton } from './resend-invite-button.tsx';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-06-01T15:00:00Z'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Resend invitation', () => {
  it('stays disabled through its cooldown, counting down, then opens', () => {
    const client = {
      id: 'c1',
      name: 'Taylor',
      phone: '+12125550123',
      status: 'pending_invitation',
      consent: 'pending',
      resendAvailableAt: '2026-06-01T15:00:45Z',
    } as ManagerClient;
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ResendInviteButton client={client} />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: /invitation to Taylor/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toContain('45s');
    act(() => vi.advanceTimersByTime(44_000));
    expect(button.textContent).toContain('1s');
    act(() => vi.advanceTimersByTime(1_000));
    expect(button.disabled).toBe(false);
    expect(button.textContent).not.toMatch(/\ds/);
  });
});
