import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import { IndexSettingsPanel } from './settings-panel.tsx';

cleanUpMemberPagesAfterEach();

const settings = { weighting: 'equal', baseDate: '2023-08-01', staleAfterDays: 90 };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the index method settings', () => {
  it('shows the published settings, asks before rebuilding, and sends exactly what was entered', async () => {
    const { fetchMock } = renderMemberPage(<IndexSettingsPanel />, (url, init) => {
      if (url === '/api/index/divisor-log') return json({ settings, currentDivisor: 1.5, entries: [] });
      if (url === '/api/admin/index/settings' && init?.method === 'PUT') return json(JSON.parse(String(init.body)));
      return json({}, 404);
    });
    const stale = await screen.findByLabelText(/stale after/);
    expect((stale as HTMLInputElement).value).toBe('90');
    expect(screen.getByRole('button', { name: 'Save and rebuild' })).toHaveProperty('disabled', true);

    fireEvent.change(stale, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and rebuild' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Rebuild the index?');
    fireEvent.click(screen.getAllByRole('button', { name: 'Save and rebuild' }).at(-1)!);

    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/admin/index/settings' && i?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([u, i]) => u === '/api/admin/index/settings' && i?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ ...settings, staleAfterDays: 60 });
  });

  it('refuses a staleness outside 7 to 365 days beside the field, sending nothing', async () => {
    const { fetchMock } = renderMemberPage(<IndexSettingsPanel />, (url) =>
      url === '/api/index/divisor-log' ? json({ settings, currentDivisor: 1.5, entries: [] }) : json({}, 404),
    );
    const stale = await screen.findByLabelText(/stale after/);
    fireEvent.change(stale, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and rebuild' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/admin/index/settings')).toHaveLength(0);
  });
});
