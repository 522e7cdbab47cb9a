import { useId, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { Plus } from 'lucide-react';
import { sportLabels, sports } from '#common/cards.ts';
import type { BoardHunt } from '#common/hunts.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useBoard } from './api/get-board.ts';
import { HuntCard } from './hunt-card.tsx';
import { MyHunts } from './my-hunts.tsx';
import { MyOffers } from './my-offers.tsx';
import { OfferDialog } from './offer-dialog.tsx';

const selectClass = 'h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';
const tabs = ['board', 'hunts', 'offers'] as const;
type Tab = (typeof tabs)[number];

function Board() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters = { sport: params.get('sport') ?? undefined, player: params.get('player') ?? undefined, grade: params.get('grade') ?? undefined };
  const query = useBoard(filters);
  const [offering, setOffering] = useState<BoardHunt | null>(null);
  const set = (k: string, v: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (v) next.set(k, v);
        else next.delete(k);
        return next;
      },
      { replace: true },
    );
  const now = new Date();
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter the board">
        <label className="grid gap-1 text-xs text-muted-foreground" htmlFor={`${id}-sport`}>
          Sport
          <select id={`${id}-sport`} className={selectClass} value={filters.sport ?? ''} onChange={(e) => set('sport', e.target.value)}>
            <option value="">All sports</option>
            {sports.map((s) => (
              <option key={s} value={s}>
                {sportLabels[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-xs text-muted-foreground" htmlFor={`${id}-player`}>
          Player
          <Input
            id={`${id}-player`}
            className="h-9 w-48"
            defaultValue={filters.player ?? ''}
            onChange={(e) => set('player', e.target.value.trim())}
            placeholder="Any player"
          />
        </label>
        <label className="grid gap-1 text-xs text-muted-foreground" htmlFor={`${id}-grade`}>
          Your card's grade
          <select id={`${id}-grade`} className={selectClass} value={filters.grade ?? ''} onChange={(e) => set('grade', e.target.value)}>
            <option value="">Any</option>
            {[10, 9.5, 9, 8.5, 8, 7, 6, 5, 4, 3, 2, 1].map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PageQuery query={query} loadingLabel="Loading the board" errorTitle="The board could not be loaded" skeletons={['h-48', 'h-48']}>
        {({ hunts }) =>
          hunts.length === 0 ? (
            <EmptyState title="No hunts match" description="Try another sport or player, or post a hunt of your own." />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Active hunts">
              {hunts.map((h) => (
                <li key={h.id} className="grid">
                  <HuntCard
                    hunt={h}
                    now={now}
                    action={
                      h.mine ? (
                        <p className="text-xs text-muted-foreground">Your hunt</p>
                      ) : h.offered ? (
                        <p className="text-xs text-muted-foreground">Offer sent</p>
                      ) : (
                        <Button size="sm" variant="outline" className="w-full" onClick={() => setOffering(h)}>
                          I have this card
                        </Button>
                      )
                    }
                  />
                </li>
              ))}
            </ul>
          )
        }
      </PageQuery>
      <OfferDialog hunt={offering} onOpenChange={(open) => !open && setOffering(null)} />
    </div>
  );
}

/** /source: the board of active hunts, and the member's own hunts and offers. */
export default function SourcePage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = tabs.includes(raw as Tab) ? (raw as Tab) : 'board';
  const onTab = (t: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (t === 'board') next.delete('tab');
        else next.set('tab', t);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Sourcing"
        title="Source board"
        description="Cards members are looking for. Requesters stay anonymous; budgets show as a range."
        actions={
          <Button asChild variant="crimson">
            <Link href="/source/post">
              <Plus aria-hidden="true" />
              Post a hunt
            </Link>
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={onTab}>
        <TabsList>
          <TabsTrigger value="board">Board</TabsTrigger>
          <TabsTrigger value="hunts">My hunts</TabsTrigger>
          <TabsTrigger value="offers">My offers</TabsTrigger>
        </TabsList>
        <TabsContent value="board" className="mt-4">
          <Board />
        </TabsContent>
        <TabsContent value="hunts" className="mt-4">
          <MyHunts />
        </TabsContent>
        <TabsContent value="offers" className="mt-4">
          <MyOffers />
        </TabsContent>
      </Tabs>
    </div>
  );
}
