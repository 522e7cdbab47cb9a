import { cardEventLabels, custodyLabels, type CardEvent, type CardEventData, type Custody } from '#common/cards.ts';
import { formatCents } from '#common/format.ts';
import { formatDate } from '#web/lib/dates.ts';

const fieldNames: Record<string, string> = {
  grader: 'grader',
  certNumber: 'certificate',
  grade: 'grade',
  gradeValue: 'grade value',
  year: 'year',
  brand: 'set',
  subject: 'player',
  cardNumber: 'card number',
  variety: 'variety',
  sport: 'sport',
  estimatedValueCents: 'estimated value',
};

const show = (field: string, v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : field === 'estimatedValueCents' && typeof v === 'number' ? formatCents(v, 0) : String(v);

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** One event in words, from the reader's side (`viewerId`: whose registry this is). */
export function describeEvent(e: CardEvent, viewerId?: string): { title: string; detail?: string } {
  switch (e.kind) {
    case 'sold': {
      // A sale reads as the reader lived it: "Bought by you from the house", not "Sold · <buyer>".
      const d = e.data as { buyerId?: string | null; sellerId?: string | null; priceCents?: number };
      const price = typeof d.priceCents === 'number' ? `For ${formatCents(d.priceCents)}` : undefined;
      if (viewerId && d.buyerId === viewerId)
        return { title: d.sellerId ? 'Bought by you from a member' : 'Bought by you from the house', detail: price };
      if (viewerId && d.sellerId === viewerId) return { title: 'Sold by you', detail: price };
      return { title: cardEventLabels[e.kind], detail: price };
    }
    case 'registered': {
      const d = e.data as Partial<CardEventData<'registered'>>;
      // Sent as from PSA but not confirmed there (decision 130): it says so, and never "from PSA".
      if (d.psaUnconfirmed === 'not_found')
        return { title: 'Registered as entered by hand', detail: 'PSA has no certificate with this number, so the details were not confirmed.' };
      if (d.psaUnconfirmed === 'unavailable')
        return { title: 'Registered as entered by hand', detail: 'PSA could not be asked at the time, so the details were not confirmed.' };
      return { title: d.source === 'psa' ? 'Registered from PSA’s record' : 'Registered' };
    }
    case 'edited': {
      const changes = (e.data as Partial<CardEventData<'edited'>>).changes ?? {};
      const parts = Object.entries(changes)
        .filter(([f]) => f !== 'gradeValue' && f !== 'estimatePinned')
        .map(([f, c]) => `${fieldNames[f] ?? f}: ${show(f, c.from)} → ${show(f, c.to)}`);
      // Pinning an estimate or following the market again (decision 051) reads as that, not as an edit.
      const pin = changes.estimatePinned;
      const title = pin ? (pin.to ? 'Estimate pinned over the market value' : 'Following the market value') : 'Details edited';
      return { title, detail: parts.join('; ') || undefined };
    }
    case 'image_added': {
      const d = e.data as Partial<CardEventData<'image_added'>>;
      const side = d.side === 'back' ? 'Back' : 'Front';
      return { title: d.replaced ? `${side} photo replaced` : `${side} photo added` };
    }
    case 'custody_changed': {
      const d = e.data as Partial<CardEventData<'custody_changed'>>;
      const label = (c?: Custody) => (c ? custodyLabels[c] : '—');
      return { title: `${label(d.from)} → ${label(d.to)}`, detail: d.note ?? undefined };
    }
    case 'psa_rechecked': {
      const d = e.data as Partial<CardEventData<'psa_rechecked'>>;
      if (d.result === 'match') return { title: 'PSA re-checked: matches' };
      if (d.result === 'not_found') return { title: 'PSA re-checked: certificate not found', detail: d.message ?? undefined };
      if (d.result === 'unavailable') return { title: 'PSA re-check could not run', detail: d.message ?? undefined };
      const diffs = (d.differences ?? []).map((x) => `${fieldNames[x.field] ?? x.field}: card ${x.card ?? '—'}, PSA ${x.psa ?? '—'}`);
      return { title: 'PSA re-checked: differs', detail: diffs.join('; ') || undefined };
    }
    case 'transferred':
      // A certificate claim an admin approved (decision 130) moves the card to the member holding the slab.
      if ((e.data as { reason?: unknown }).reason === 'certificate_claim')
        return {
          title: 'Moved by an approved certificate claim',
          detail: 'The member holding the slab showed it to us; the card moved to their registry.',
        };
      return { title: cardEventLabels[e.kind] };
    case 'vault_intake_requested':
    case 'vault_outtake_requested':
    case 'vault_request_cancelled': {
      // The intake or outtake number (VI-00001, VO-00001) the vault team and the member both use.
      const number = (e.data as { number?: unknown }).number;
      return { title: cardEventLabels[e.kind], detail: typeof number === 'string' ? number : undefined };
    }
    default:
      return { title: cardEventLabels[e.kind] };
  }
}

/** The card's provenance, newest first; it moves when a card_updated event refreshes the card. */
export function ProvenanceTimeline({ events, viewerId }: { events: readonly CardEvent[]; viewerId?: string }) {
  const newestFirst = [...events].reverse();
  const latest = newestFirst[0];
  return (
    <section aria-labelledby="provenance-title" className="grid gap-4">
      <h2 id="provenance-title" className="font-display text-xl font-medium">
        Provenance
      </h2>
      <p className="sr-only" aria-live="polite">
        {latest ? `Latest: ${describeEvent(latest, viewerId).title}` : ''}
      </p>
      {newestFirst.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
      ) : (
        <ol className="relative grid gap-5 border-l pl-5" data-testid="provenance">
          {newestFirst.map((e) => {
            const { title, detail } = describeEvent(e, viewerId);
            const mismatch = e.kind === 'psa_rechecked' && (e.data as { result?: string }).result !== 'match';
            return (
              <li key={e.id} className="relative" data-kind={e.kind}>
                <span
                  aria-hidden="true"
                  className={`absolute -left-[24.5px] top-1.5 size-2.5 rounded-full ring-4 ring-background ${mismatch ? 'bg-warning' : e.kind === 'custody_changed' ? 'bg-crimson' : 'bg-foreground/60'}`}
                />
                <p className="text-sm font-medium">{title}</p>
                {detail && <p className="mt-0.5 break-words text-sm text-muted-foreground">{detail}</p>}
                <p className="mt-0.5 text-xs text-muted-foreground">
                  <time dateTime={e.at}>
                    {formatDate(e.at)}, {time.format(new Date(e.at))}
                  </time>
                  {e.actor?.name ? ` · ${e.actor.name}` : ''}
                  {e.impersonator ? ` (by ${e.impersonator.name ?? 'an admin'} in admin mode)` : ''}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
