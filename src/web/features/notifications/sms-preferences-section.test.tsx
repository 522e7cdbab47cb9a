import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberNotificationKinds, notificationKindInfo, staffNotificationKinds, type NotificationPreferences } from '#common/notifications.ts';
import { clearCredentials, setCredentials } from '#web/lib/credentials.ts';
import { queryDefaults } from '#web/lib/query-client.ts';
import { SmsPreferencesSection } from './sms-preferences-section.tsx';

let prefs: NotificationPreferences;
let puts: unknown[];

beforeEach(() => {
  prefs = {
    sms: Object.fromEntries(memberNotificationKinds.map((k) => [k, notificationKindInfo[k].smsByDefault])) as NotificationPreferences['sms'],
    smsOptIn: true,
    smsStopped: false,
  };
  puts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { sms: Partial<NotificationPreferences['sms']> };
        puts.push(body);
        prefs = { ...prefs, sms: { ...prefs.sms, ...body.sms } };
      }
      return Response.json(prefs);
    }),
  );
  setCredentials({ userId: 'u1', authToken: 't' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCredentials();
});

const renderSection = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: queryDefaults })}>
      <SmsPreferencesSection />
    </QueryClientProvider>,
  );

describe('text message choices', () => {
  it('groups the kinds by area, each switch in its group, and never offers the staff-only kinds', async () => {
    renderSection();
    const groups = await screen.findAllByRole('group');
    expect(groups.map((g) => within(g).getAllByRole('switch').length).reduce((a, b) => a + b)).toBe(memberNotificationKinds.length);
    const names = (label: string) => {
      const g = screen.getByRole('group', { name: label });
      return within(g)
        .getAllByRole('switch')
        .map((s) => document.querySelector(`label[for="${s.id}"]`)?.textContent);
    };
    expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Invoices and payments',
      'Marketplace',
      'Loans',
      'Hunts and sources',
      'Funds',
      'Registry',
      'Portfolio manager',
    ]);
    expect(names('Registry')).toEqual(['Certificate claims', 'Claims on your cards', 'Vault intake and outtake']);
    expect(names('Portfolio manager')).toEqual(['Manager invitations']);
    expect(names('Marketplace')).toEqual([
      'Card requests',
      'Sell offers',
      'Cards sold',
      'Reservations expired',
      'Offers on your listings',
      'Your offers',
      'Undercut listings',
      'Price alerts',
      'New listings you watch',
    ]);
    expect(names('Loans')).toEqual(['Loan updates', 'Loan defaults']);
    for (const k of staffNotificationKinds) expect(screen.queryByRole('switch', { name: notificationKindInfo[k].label })).toBeNull();
    // Each switch shows the member's choice (here the defaults).
    expect(screen.getByRole('switch', { name: 'Cards sold' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Fund dealings' }).getAttribute('aria-checked')).toBe('false');
  });

  it('saves one kind at a time and says so', async () => {
    renderSection();
    fireEvent.click(await screen.findByRole('switch', { name: 'Reservations expired' }));
    await waitFor(() => expect(puts).toEqual([{ sms: { reservation_lapsed: true } }]));
    await screen.findByText('Reservations expired: texts on. Saved.');
  });
});
