import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderMemberPage, cleanUpMemberPagesAfterEach } from '#web/test/render-member-page.tsx';
import SettingsRoute from './settings-route.tsx';

cleanUpMemberPagesAfterEach();

describe('member pages: failed loads', () => {
  it('settings shows the shared calm error block with Retry, never the raw "500: boom"', async () => {
    const { fetchMock } = renderMemberPage(<SettingsRoute />, () => new Response('boom', { status: 500 }));
    expect(await screen.findByText("We couldn't load your settings")).toBeTruthy();
    expect(await screen.findByText("We couldn't load your documents")).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/boom|500/);
    const profileCalls = () => fetchMock.mock.calls.filter(([u]) => u === '/api/user/profile').length;
    const before = profileCalls();
    fireEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0]);
    await waitFor(() => expect(profileCalls()).toBe(before + 1));
  });
});
