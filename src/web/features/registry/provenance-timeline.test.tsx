import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CardEvent } from '#common/cards.ts';
import { describeEvent, ProvenanceTimeline } from './provenance-timeline.tsx';

afterEach(cleanup);

const ev = (kind: CardEvent['kind'], data: Record<string, unknown>, at = '2026-11-20T15:04:00Z'): CardEvent => ({
  id: `${kind}-${at}`,
  kind,
  at,
  actor: { id: 'u1', name: 'Avery Admin' },
  impersonator: null,
  data,
});

describe('provenance in words', () => {
  it('describes each kind', () => {
    expect(describeEvent(ev('registered', { source: 'psa' })).title).toBe('Registered from PSA’s record');
    expect(describeEvent(ev('image_added', { side: 'back', replaced: true })).title).toBe('Back photo replaced');
    expect(describeEvent(ev('custody_changed', { from: 'with_owner', to: 'in_vault', note: 'Box 14' }))).toEqual({
      title: 'With owner → In vault',
      detail: 'Box 14',
    });
    expect(describeEvent(ev('psa_rechecked', { result: 'match', differences: [], message: null })).title).toBe('PSA re-checked: matches');
    expect(describeEvent(ev('vault_intake_requested', { vault_intake: 'i1', number: 'VI-00007' }))).toEqual({
      title: 'Vault intake requested',
      detail: 'VI-00007',
    });
    expect(describeEvent(ev('vault_request_cancelled', {}))).toEqual({ title: 'Vault request cancelled', detail: undefined });
    expect(
      describeEvent(ev('psa_rechecked', { result: 'mismatch', differences: [{ field: 'grade', card: 'GEM MT 10', psa: 'MINT 9' }], message: null })),
    ).toEqual({ title: 'PSA re-checked: differs', detail: 'grade: card GEM MT 10, PSA MINT 9' });
    expect(
      describeEvent(ev('edited', { changes: { estimatedValueCents: { from: 100_000, to: 250_000 }, gradeValue: { from: 9, to: 10 } } })).detail,
    ).toBe('estimated value: $1,000 → $2,500');
    expect(
      describeEvent(
        ev('edited', { changes: { estimatePinned: { from: false, to: true }, estimatedValueCents: { from: 2_400_000, to: 2_650_000 } } }),
      ),
    ).toEqual({
      title: 'Estimate pinned over the market value',
      detail: 'estimated value: $24,000 → $26,500',
    });
    expect(describeEvent(ev('edited', { changes: { estimatePinned: { from: true, to: false } } }))).toEqual({
      title: 'Following the market value',
      detail: undefined,
    });
    expect(describeEvent(ev('pledged', {})).title).toBe('Pledged as collateral');
    // A sale from the reader's side (issue 32): the buyer bought it, the seller sold it.
    const sold = ev('sold', { listingId: 'l1', saleId: 's1', priceCents: 1_800_000, buyerId: 'casey', sellerId: null });
    expect(describeEvent(sold, 'casey')).toEqual({ title: 'Bought by you from the house', detail: 'For $18,000.00' });
    expect(describeEvent(ev('sold', { priceCents: 500, buyerId: 'casey', sellerId: 'jordan' }), 'jordan').title).toBe('Sold by you');
    expect(describeEvent(ev('sold', { priceCents: 500, buyerId: 'casey', sellerId: 'jordan' }), 'casey').title).toBe('Bought by you from a member');
  });

  it('lists the newest first, with who and when', () => {
    render(
      <ProvenanceTimeline
        events={[
          ev('registered', { source: 'manual' }, '2026-11-01T10:00:00Z'),
          ev('custody_changed', { from: 'with_owner', to: 'in_vault', note: null }, '2026-11-02T10:00:00Z'),
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('With owner → In vault');
    expect(items[0]!.textContent).toContain('Nov 2, 2026');
    expect(items[0]!.textContent).toContain('Avery Admin');
    expect(items[1]!.textContent).toContain('Registered');
  });
});
