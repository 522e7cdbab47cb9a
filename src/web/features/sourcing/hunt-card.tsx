import type { ReactNode } from 'react';
import { CalendarClock, Target } from 'lucide-react';
import { sportLabels } from '#common/cards.ts';
import { ageOf, gradeFloor, huntTitle, type BoardHunt } from '#common/hunts.ts';
import { formatDate } from '#web/lib/dates.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/utils.ts';

export type HuntCardData = Omit<BoardHunt, 'id' | 'mine' | 'offered'> & { id?: string };

/** A hunt as the board shows it (and as the post form previews it): what, grade floor, budget band, age. */
export function HuntCard({ hunt, now, action, className }: { hunt: HuntCardData; now: Date; action?: ReactNode; className?: string }) {
  return (
    <article
      className={cn('flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs', className)}
      aria-label={huntTitle(hunt)}
      data-hunt-id={hunt.id}
    >
      <div className="flex items-start justify-between gap-3">
        <Badge variant="secondary">{sportLabels[hunt.sport]}</Badge>
        <span className="text-xs text-muted-foreground">Posted {ageOf(hunt.postedAt, now)}</span>
      </div>
      <h3 className="font-display text-lg leading-snug font-medium break-words">{huntTitle(hunt) || 'Player, year and set'}</h3>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Grade floor</dt>
          <dd className="flex items-center gap-1 font-medium">
            <Target className="size-3.5" aria-hidden="true" />
            {gradeFloor(hunt)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Budget</dt>
          <dd className="font-medium tabular">{hunt.budgetBand}</dd>
        </div>
        {hunt.deadline && (
          <div className="col-span-2">
            <dt className="sr-only">Deadline</dt>
            <dd className="flex items-center gap-1 text-muted-foreground">
              <CalendarClock className="size-3.5" aria-hidden="true" />
              Wanted by {formatDate(hunt.deadline)}
            </dd>
          </div>
        )}
      </dl>
      {hunt.notes && <p className="line-clamp-3 text-sm text-muted-foreground">{hunt.notes}</p>}
      {action && <div className="mt-auto pt-1">{action}</div>}
    </article>
  );
}
