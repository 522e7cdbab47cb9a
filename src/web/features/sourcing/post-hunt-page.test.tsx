import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import PostHuntPage from './post-hunt-page.tsx';

cleanUpMemberPagesAfterEach();

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('posting a hunt', () => {
  it('names each missing field on submit, then sends the hunt with the budget in cents', async () => {
    const { fetchMock } = renderMemberPage(<PostHuntPage />, () => json({ id: 'h1' }, 201));
    fireEvent.click(screen.getByRole('button', { name: 'Post hunt' }));
    expect(await screen.findByText('Enter the player')).toBeTruthy();
    expect(screen.getByLabelText('Player').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();

    type('Player', 'Luka Doncic');
    type('Maximum budget (USD)', '$5,000');
    await waitFor(() => expect(screen.queryByText('Enter the player')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Post hunt' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toMatchObject({
      player: 'Luka Doncic',
      sport: 'baseball',
      maxBudgetCents: 500_000,
    });
  });

  it('shows the server’s field errors beside their fields and keeps what was typed', async () => {
    renderMemberPage(<PostHuntPage />, () =>
      json({ status: 'error', error: 'Invalid input', fieldErrors: { maxBudgetCents: ['Budgets start at $100'] } }, 400),
    );
    type('Player', 'Luka Doncic');
    type('Maximum budget (USD)', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Post hunt' }));
    expect(await screen.findByText('Budgets start at $100')).toBeTruthy();
    expect(screen.getByLabelText('Maximum budget (USD)').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Player') as HTMLInputElement).value).toBe('Luka Doncic');
  });
});
