import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import { AddConstituentForm } from './add-constituent-form.tsx';

cleanUpMemberPagesAfterEach();

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fill = () => {
  type('Player', 'Mickey Mantle');
  type('Year', '1952');
  type('Set', 'Topps');
  type('Card number', '311');
  type('Grade', '8.5');
};

describe('adding a constituent', () => {
  it('sends the identity with year and grade as numbers and an empty variety as none', async () => {
    const { fetchMock } = renderMemberPage(<AddConstituentForm />, () => json({ id: 'c1' }));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Add constituent' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      player: 'Mickey Mantle',
      year: 1952,
      set: 'Topps',
      cardNumber: '311',
      variety: null,
      grader: 'PSA',
      grade: 8.5,
      sport: 'baseball',
    });
    await waitFor(() => expect((screen.getByLabelText('Player') as HTMLInputElement).value).toBe(''));
  });

  it('refuses a grade the index cannot hold beside the field, sending nothing', async () => {
    const { fetchMock } = renderMemberPage(<AddConstituentForm />, () => json({ id: 'c1' }));
    fill();
    type('Grade', '8.3');
    fireEvent.click(screen.getByRole('button', { name: 'Add constituent' }));
    await screen.findByRole('alert');
    expect(screen.getByLabelText('Grade').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s field errors beside their fields and keeps what was typed', async () => {
    renderMemberPage(<AddConstituentForm />, () =>
      json({ status: 'error', error: 'Invalid input', fieldErrors: { cardNumber: ['This card is already a constituent'] } }, 400),
    );
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Add constituent' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This card is already a constituent');
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Player') as HTMLInputElement).value).toBe('Mickey Mantle');
  });
});
