import { Clock } from 'lucide-react';
import { useCountdown } from '#web/hooks/use-countdown.ts';
import { useHold } from './api/get-hold.ts';

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** After Buy: how long the card stays held for the buyer while they pay (issue 32). */
export function HoldCountdown({ listingId }: { listingId: string }) {
  const hold = useHold(listingId);
  const until = hold.data?.reservation ? Date.parse(hold.data.reservation.reservedUntil) : null;
  const left = useCountdown(until);
  if (!hold.data) return null;
  if (!until || left === 0) {
    return (
      <p className="rounded-md bg-muted p-3 text-sm" role="status">
        Your reservation ended: the card is back on the MarketPlace.
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 rounded-md border p-3 text-sm" role="timer" aria-live="off" data-testid="hold-countdown">
      <Clock className="size-4 shrink-0" aria-hidden="true" />
      <span>
        The card is held for you for <span className="font-medium tabular">{mmss(left)}</span>. Pay before then to keep it.
      </span>
    </p>
  );
}
