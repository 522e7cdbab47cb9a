import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardForm } from './card-form.tsx';
import type { CardFormValues } from './card-form-values.ts';

afterEach(cleanup);

const stored: CardFormValues = {
  grader: 'PSA',
  certNumber: '48213907',
  grade: 'MINT 9',
  year: '1986',
  subject: 'Michael Jordan',
  brand: 'Fleer',
  cardNumber: '57',
  variety: '',
  sport: 'basketball',
  estimatedValue: '25000',
};

describe('editing a card', () => {
  it('sends only the fields that changed, the grade with its sorting value', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<CardForm defaultValues={stored} changedOnly submitLabel="Save changes" onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Grade'), { target: { value: 'GEM MT 10' } });
    fireEvent.change(screen.getByLabelText('Estimated value (USD)'), { target: { value: '31,500.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ grade: 'GEM MT 10', gradeValue: 10, estimatedValueCents: 3_150_025 });
  });

  it('hides the certificate for a raw card and drops it from what is saved', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<CardForm defaultValues={stored} submitLabel="Save" onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Grader'), { target: { value: 'raw' } });
    expect(screen.queryByLabelText('Certificate number')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ grader: 'raw', certNumber: null });
  });
});

describe('editing a held card (decision 128)', () => {
  it('shows the identifying fields and the estimate read-only with the reason, and saves only the sport', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const reason = 'This card is listed for sale: its grade and value are locked until the listing ends';
    render(<CardForm defaultValues={stored} changedOnly lockedReason={reason} submitLabel="Save changes" onSubmit={onSubmit} />);
    expect(screen.getByTestId('card-locked').textContent).toContain(reason);
    for (const label of [
      'Grader',
      'Certificate number',
      'Grade',
      'Year',
      'Player',
      'Set',
      'Card number (optional)',
      'Variety (optional)',
      'Estimated value (USD)',
    ]) {
      const field = screen.getByLabelText(label) as HTMLInputElement;
      expect(field.readOnly, label).toBe(true);
      expect(field.getAttribute('aria-describedby'), label).toContain(screen.getByTestId('card-locked').id);
    }
    expect((screen.getByLabelText('Grader') as HTMLInputElement).value).toBe('PSA');
    expect((screen.getByLabelText('Sport') as HTMLSelectElement).disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Sport'), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ sport: 'other' });
  });
});
