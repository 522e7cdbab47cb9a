import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_SHARED_CARD_ID } from '#common/page-session.ts';
import type { SharedCard } from '#common/share-links.ts';
import { cleanUpMemberPagesAfterEach, renderMemberPage } from '#web/test/render-member-page.tsx';
import { shareKeys } from './api/keys.ts';
import { SharedCardPage } from './shared-card-page.tsx';

cleanUpMemberPagesAfterEach();
afterEach(() => document.getElementById(PAGE_SHARED_CARD_ID)?.remove());

const token = 'AbCdEfGhIjKlMnOpQrStUv';
const card: SharedCard = {
  subject: 'Sidney Crosby',
  year: 2005,
  set: 'Upper Deck',
  cardNumber: '201',
  variety: null,
  grade: '10',
  grader: 'PSA',
  certNumber: '48213377',
  sport: 'Hockey',
  images: { front: null, back: null },
  ownerFirstName: null,
  psaPopulation: { total: 412, higher: 0 },
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The block the server puts in a shared card's page. */
function embed(value: unknown) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = PAGE_SHARED_CARD_ID;
  el.textContent = JSON.stringify(value);
  document.body.append(el);
}

const show = (answer: () => Response | Promise<Response>) => renderMemberPage(<SharedCardPage token={token} onRequestAccess={() => {}} />, answer);
const apiCalls = (urls: () => string[]) => urls().filter((u) => u.startsWith(`/api/shared/${token}`));

describe('the shared card page', () => {
  it('shows the card the page came with before the API answers, and still calls the API once, which records the view', async () => {
    embed({ token, card });
    let answer: (r: Response) => void = () => {};
    const { urls } = show(() => new Promise<Response>((resolve) => (answer = resolve)));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('2005 Upper Deck Sidney Crosby');
    expect(document.getElementById(PAGE_SHARED_CARD_ID)).toBeNull();
    await waitFor(() => expect(apiCalls(urls)).toHaveLength(1));
    answer(json({ ...card, ownerFirstName: 'Casey' }));
    expect(await screen.findByText('Shared by Casey')).toBeTruthy();
    expect(apiCalls(urls)).toHaveLength(1);
  });

  it('ignores a block for another token and waits for the API', async () => {
    embed({ token: 'ZZZZZZZZZZZZZZZZZZZZZZ', card: { ...card, subject: 'Someone Else' } });
    const { urls } = show(() => json(card));
    expect(screen.getByRole('status').textContent).toBe('Loading the card');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('2005 Upper Deck Sidney Crosby');
    expect(apiCalls(urls)).toHaveLength(1);
  });

  it('says the link is not available when it was withdrawn after the page was sent', async () => {
    embed({ token, card });
    show(() => json({ status: 'error', error: 'This link is not available' }, 404));
    expect(await screen.findByRole('heading', { name: 'This link is not available' })).toBeTruthy();
    expect(screen.queryByText('2005 Upper Deck Sidney Crosby')).toBeNull();
  });

  it('keeps the card on screen when the call that records the view fails', async () => {
    embed({ token, card });
    const { urls, queryClient } = show(() => json({ status: 'error', error: 'Unavailable' }, 503));
    await waitFor(() => expect(queryClient.getQueryState(shareKeys.shared(token))?.status).toBe('error'));
    expect(apiCalls(urls)).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('2005 Upper Deck Sidney Crosby');
    expect(screen.queryByText('We couldn’t load this card')).toBeNull();
  });
});
