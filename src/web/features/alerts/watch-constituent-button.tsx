import { useState } from 'react';
import { Link } from 'wouter';
import { Bell, BellRing } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { useAlerts } from './api/get-alerts.ts';
import { WatchDialog, type WatchTarget } from './watch-dialog.tsx';

/**
 * "Watch" on a constituent's page (signed-in members only; the page is public). Once watched, it
 * says so and leads to the Watching list on the dashboard, where the alert is changed or removed.
 */
export function WatchConstituentButton({ target, className }: { target: WatchTarget; className?: string }) {
  const me = useCurrentUser().data;
  const signedIn = Boolean(me?.isAuthenticated);
  const alerts = useAlerts(signedIn);
  const [open, setOpen] = useState(false);
  if (!signedIn || alerts.isPending || alerts.isError) return null;
  const watching = alerts.data.alerts.some((a) => a.constituent?.id === target.id);
  return (
    <div className={className}>
      {watching ? (
        <Button asChild variant="outline" className="border-white/40 bg-transparent text-inherit hover:bg-white/10">
          <Link href="/dashboard#watching">
            <BellRing aria-hidden="true" />
            Watching
          </Link>
        </Button>
      ) : (
        <Button variant="outline" className="border-white/40 bg-transparent text-inherit hover:bg-white/10" onClick={() => setOpen(true)}>
          <Bell aria-hidden="true" />
          Watch
        </Button>
      )}
      <WatchDialog target={target} open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
