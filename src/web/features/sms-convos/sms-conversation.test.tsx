import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import { Conversation } from './sms-conversation.tsx';

cleanUpMemberPagesAfterEach();
// jsdom lays nothing out, so it has no scrollIntoView.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
});

const phone = '+12125550104';
const thread = { phone, name: 'Jordan', instagram: null, userId: null, smsOptIn: null, optedOut: false, messages: [] };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sent = { id: 'm1', direction: 'outbound', body: 'Hello', status: 'sent', purpose: 'manual', createdAt: '2026-11-27T10:00:00Z' };

const show = (post: () => Response) =>
  renderMemberPage(<Conversation phone={phone} onBack={() => {}} />, (_url, init) => (init?.method === 'POST' ? post() : json(thread)));
const posted = (fetchMock: ReturnType<typeof renderMemberPage>['fetchMock']) =>
  fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST').map(([, i]) => JSON.parse(String(i!.body)) as unknown);

describe('texting from a conversation', () => {
  it('sends the message trimmed and clears the box', async () => {
    const { fetchMock } = show(() => json({ message: sent }));
    const box = await screen.findByLabelText('Message to Jordan');
    fireEvent.change(box, { target: { value: '  Hello  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send SMS' }));
    await waitFor(() => expect(posted(fetchMock)).toEqual([{ body: 'Hello' }]));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('shows the server’s word on the message beside it and keeps what was typed', async () => {
    show(() => json({ status: 'error', error: 'Invalid input', fieldErrors: { body: ['This number cannot receive texts'] } }, 400));
    const box = await screen.findByLabelText('Message to Jordan');
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect((await screen.findByRole('alert')).textContent).toBe('This number cannot receive texts');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect((box as HTMLTextAreaElement).value).toBe('Hello');
  });
});
