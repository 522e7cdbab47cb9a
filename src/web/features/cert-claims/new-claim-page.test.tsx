import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { certClaimMessages } from '#common/cert-claims.ts';
import { ApiError } from '#web/lib/api.ts';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import NewClaimPage from './new-claim-page.tsx';

// The upload goes through XMLHttpRequest (for its progress), which jsdom cannot answer; it is replaced here.
const createClaim = vi.hoisted(() => vi.fn());
vi.mock('#web/lib/upload.ts', () => ({ uploadWithProgress: createClaim }));

cleanUpMemberPagesAfterEach();
beforeAll(() => {
  URL.createObjectURL = () => 'blob:photo';
  URL.revokeObjectURL = () => {};
});

const jpeg = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const pick = (side: 'front' | 'back') =>
  fireEvent.change(screen.getByTestId(`claim-photo-${side}-input`), { target: { files: [jpeg(`${side}.jpg`)] } });

describe('claiming a certificate', () => {
  it('asks for both photos and a valid number beside their fields, then sends them', async () => {
    createClaim.mockResolvedValue({ claim: { grader: 'PSA', certNumber: '48213907' } });
    renderMemberPage(<NewClaimPage />, () => new Response('{}'));
    fireEvent.change(screen.getByLabelText('Certificate number'), { target: { value: '12-AB' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send claim' }));
    expect(await screen.findByText(certClaimMessages.photoMissing('front'))).toBeTruthy();
    expect(screen.getByText(certClaimMessages.photoMissing('back'))).toBeTruthy();
    expect(screen.getByLabelText('Certificate number').getAttribute('aria-invalid')).toBe('true');
    expect(createClaim).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Certificate number'), { target: { value: '48213907' } });
    pick('front');
    pick('back');
    fireEvent.click(screen.getByRole('button', { name: 'Send claim' }));
    await waitFor(() => expect(createClaim).toHaveBeenCalled());
    const sent = createClaim.mock.calls[0]![1] as FormData;
    expect([sent.get('grader'), sent.get('certNumber'), sent.get('message')]).toEqual(['PSA', '48213907', null]);
    expect((sent.get('front') as File).name).toBe('front.jpg');
    expect((sent.get('back') as File).name).toBe('back.jpg');
  });

  it('shows the server’s field errors beside their fields and keeps what was typed and chosen', async () => {
    createClaim.mockRejectedValue(
      new ApiError('400', 400, { status: 'error', error: 'Invalid input', fieldErrors: { certNumber: ['You already own this certificate'] } }),
    );
    renderMemberPage(<NewClaimPage />, () => new Response('{}'));
    const cert = screen.getByLabelText('Certificate number');
    fireEvent.change(cert, { target: { value: '48213907' } });
    pick('front');
    pick('back');
    fireEvent.click(screen.getByRole('button', { name: 'Send claim' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You already own this certificate');
    expect(cert.getAttribute('aria-invalid')).toBe('true');
    expect((cert as HTMLInputElement).value).toBe('48213907');
    expect(screen.getAllByRole('img').length).toBeGreaterThan(0);
  });
});
