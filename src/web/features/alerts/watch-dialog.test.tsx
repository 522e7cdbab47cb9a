import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { alertMessages } from '#common/alerts.ts';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import { WatchDialog } from './watch-dialog.tsx';

cleanUpMemberPagesAfterEach();

// The checkbox measures itself; jsdom has no ResizeObserver.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const target = { id: '7d2c4c1e-8a51-4d55-9a2a-0f6d1f0b2a11', name: '1986 Fleer Michael Jordan #57 PSA 9', lastPriceCents: 1_650_000 };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const posts = (fetchMock: ReturnType<typeof renderMemberPage>['fetchMock']) => fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST');
const noop = () => {};

describe('setting price lines on a constituent', () => {
  it('refuses nothing to watch, a typo and an upside-down band beside the field, then sends cents', async () => {
    const { fetchMock } = renderMemberPage(<WatchDialog target={target} open onClose={noop} />, () => json({ id: 'a1' }, 201));
    const above = screen.getByLabelText('Tell me when it rises to (USD)');
    const below = screen.getByLabelText('Tell me when it falls to (USD)');
    const watch = screen.getByRole('button', { name: 'Watch' });

    fireEvent.click(watch);
    expect((await screen.findByRole('alert')).textContent).toBe(alertMessages.nothingToWatch);

    fireEvent.change(above, { target: { value: '18,5OO' } });
    fireEvent.click(watch);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Enter an amount in dollars, like 1,250.50'));
    expect(above.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(above, { target: { value: '14,000' } });
    fireEvent.change(below, { target: { value: '15,000' } });
    fireEvent.click(watch);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(alertMessages.bandOrder));
    expect(posts(fetchMock)).toHaveLength(0);

    fireEvent.change(above, { target: { value: '$18,500.50' } });
    fireEvent.click(watch);
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0]![1]!.body))).toEqual({
      kind: 'constituent',
      targetId: target.id,
      above: 1_850_050,
      below: 1_500_000,
      newListings: false,
    });
  });

  it("shows the server's word on a line already crossed beside its field", async () => {
    renderMemberPage(<WatchDialog target={target} open onClose={noop} />, () =>
      json({ status: 'error', error: 'x', fieldErrors: { below: [alertMessages.belowCurrent('$16,500.00')] } }, 400),
    );
    fireEvent.change(screen.getByLabelText('Tell me when it falls to (USD)'), { target: { value: '17,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Watch' }));
    expect((await screen.findByRole('alert')).textContent).toBe(alertMessages.belowCurrent('$16,500.00'));
  });
});
