import { Link } from 'wouter';
import { graderLabels } from '#common/card-values.ts';
import type { SharedCard } from '#common/share-links.ts';
import { Logo } from '#web/components/brand/logo.tsx';
import { SlabImage } from '#web/components/slab-image.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useSharedCard } from './api/get-shared-card.ts';

function Facts({ card }: { card: SharedCard }) {
  const rows: [string, string | null][] = [
    ['Grader', graderLabels[card.grader]],
    ['Grade', card.grade],
    ['Certificate', card.certNumber],
    ['Year', String(card.year)],
    ['Set', card.set],
    ['Card number', card.cardNumber],
    ['Variety', card.variety],
  ];
  if (card.psaPopulation?.total != null)
    rows.push([
      'PSA population',
      `${card.psaPopulation.total.toLocaleString('en-US')}${card.psaPopulation.higher != null ? ` (${card.psaPopulation.higher.toLocaleString('en-US')} higher)` : ''}`,
    ]);
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4 text-sm">
      {rows
        .filter(([, v]) => v)
        .map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs uppercase tracking-wide text-zinc-400">{label}</dt>
            <dd className="break-words font-medium text-zinc-50">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-dvh bg-[#0b0b0c] text-zinc-100">
      <header className="mx-auto flex max-w-5xl items-center px-6 py-6">
        <Link href="/" aria-label="Home">
          <Logo decorative tone="light" className="h-7 w-auto" />
        </Link>
      </header>
      <main className="mx-auto max-w-5xl px-6 pb-16">{children}</main>
    </div>
  );
}

/** /shared/{token}: one slab, shown to anyone with the link, with a quiet way to ask to join. */
export function SharedCardPage({ token, onRequestAccess }: { token: string; onRequestAccess: () => void }) {
  const query = useSharedCard(token);
  if (query.isPending) {
    return (
      <Shell>
        <span className="sr-only" role="status">
          Loading the card
        </span>
        <div className="grid gap-10 md:grid-cols-2">
          <Skeleton className="aspect-[300/468] w-full rounded-2xl bg-zinc-800" />
          <Skeleton className="h-64 w-full rounded-2xl bg-zinc-800" />
        </div>
      </Shell>
    );
  }
  const gone = query.isError && query.error instanceof ApiError && query.error.status === 404;
  // A card the page came with stays on screen if the API call that records the view fails,
  // unless the link has gone meanwhile.
  if (query.isError && (gone || !query.data)) {
    return (
      <Shell>
        <div className="mx-auto max-w-md py-24 text-center">
          <h1 className="font-display text-3xl font-medium">{gone ? 'This link is not available' : 'We couldn’t load this card'}</h1>
          <p className="mt-3 text-sm text-zinc-400">
            {gone ? 'It may have expired or been withdrawn by its owner.' : 'Please try again in a moment.'}
          </p>
          {!gone && (
            <Button variant="outline" className="mt-6" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}
        </div>
      </Shell>
    );
  }
  const card = query.data;
  const title = `${card.year} ${card.set} ${card.subject}`;
  const image = card.images.front ?? card.images.back;
  return (
    <Shell>
      <div className="grid items-start gap-10 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:gap-14">
        <div className="mx-auto w-full max-w-sm">
          {image ? (
            <img src={image} alt={`${title}, front of the slab`} className="w-full rounded-2xl shadow-2xl shadow-black/60" />
          ) : (
            <SlabImage card={{ ...card, brand: card.set }} />
          )}
        </div>
        <div className="grid content-start gap-8 md:pt-6">
          <div className="grid gap-2">
            <p className="text-xs font-medium uppercase tracking-[0.2em] text-zinc-400">
              {card.ownerFirstName ? `Shared by ${card.ownerFirstName}` : 'Shared from a private collection'}
            </p>
            <h1 className="font-display text-4xl font-medium tracking-tight text-white sm:text-5xl">{title}</h1>
            {card.grade && (
              <p className="text-sm font-medium uppercase tracking-wide text-zinc-300">
                {card.grader === 'raw' ? card.grade : `${graderLabels[card.grader]} ${card.grade}`}
              </p>
            )}
          </div>
          <Facts card={card} />
          <div className="grid gap-3 border-t border-zinc-800 pt-6">
            <p className="text-sm text-zinc-400">This card lives in a private, invite-only collectors’ club.</p>
            <div>
              <Button
                variant="outline"
                className="border-zinc-700 bg-transparent text-zinc-100 hover:bg-zinc-900 hover:text-white"
                onClick={onRequestAccess}
              >
                Request private access
              </Button>
            </div>
          </div>
        </div>
      </div>
    </Shell>
  );
}
