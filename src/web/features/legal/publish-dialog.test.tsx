import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { legalMessages } from '#common/legal.ts';
import { PublishDialog, utcToday } from './publish-dialog.tsx';

afterEach(cleanup);

const show = (onPublish: (v: { effectiveOn: string; summary: string }) => Promise<Record<string, string>>) =>
  render(<PublishDialog open slug="terms" nextVersion={3} pending={false} onClose={() => {}} onPublish={onPublish} />);

describe('publishing a legal page', () => {
  it('refuses a day in the past beside the field, then publishes today with the summary trimmed', async () => {
    const onPublish = vi.fn(async () => ({}));
    show(onPublish);
    const date = screen.getByLabelText('Effective date (UTC)');
    fireEvent.change(date, { target: { value: '2001-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish version 3' }));
    expect((await screen.findByRole('alert')).textContent).toBe(legalMessages.effectiveInPast);
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(onPublish).not.toHaveBeenCalled();

    fireEvent.change(date, { target: { value: utcToday() } });
    fireEvent.change(screen.getByLabelText('What changed (optional)'), { target: { value: '  Clearer fees  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish version 3' }));
    await waitFor(() => expect(onPublish).toHaveBeenCalledWith({ effectiveOn: utcToday(), summary: 'Clearer fees' }));
    expect(screen.getByText('Today: in force as soon as you publish.')).toBeTruthy();
  });

  it('shows the server’s field errors beside their fields and keeps what was typed', async () => {
    show(async () => ({ summary: legalMessages.summaryTooLong }));
    const summary = screen.getByLabelText('What changed (optional)');
    fireEvent.change(summary, { target: { value: 'Clearer fees' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish version 3' }));
    expect((await screen.findByRole('alert')).textContent).toBe(legalMessages.summaryTooLong);
    expect(summary.getAttribute('aria-invalid')).toBe('true');
    expect((summary as HTMLInputElement).value).toBe('Clearer fees');
  });
});
