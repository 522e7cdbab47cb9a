import { useState } from 'react';
import { Link } from 'wouter';
import { Bell, BellRing } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useCreateAlert } from './api/create-alert.ts';
import { useAlerts } from './api/get-alerts.ts';
import { useListingTargets } from './api/get-listing-targets.ts';
import { sameSearch } from './same-search.ts';
import { WatchDialog } from './watch-dialog.tsx';

/**
 * Watch on a listing's page: the card's constituent price (and its new listings) when the card
 * matches one, otherwise new listings of the same card through a saved search.
 */
export default function WatchListing({ listingId }: { listingId: string }) {
  const targets = useListingTargets(listingId);
  const alerts = useAlerts();
  const create = useCreateAlert();
  const [open, setOpen] = useState(false);
  if (targets.isPending || alerts.isPending || targets.isError || alerts.isError) return null;
  const { constituent, sameCard, sameCardLabel } = targets.data;
  const watching = constituent
    ? alerts.data.alerts.some((a) => a.constituent?.id === constituent.id)
    : alerts.data.alerts.some((a) => a.kind === 'search' && sameSearch(a.query, sameCard));

  if (watching)
    return (
      <Button asChild variant="outline" className="justify-self-start">
        <Link href="/dashboard#watching">
          <BellRing aria-hidden="true" />
          Watching this card
        </Link>
      </Button>
    );

  const saveSearch = async () => {
    try {
      await create.mutateAsync({ kind: 'search', query: sameCard, newListings: true });
      toast({ title: 'Watching', description: `We will tell you of new listings: ${sameCardLabel.replace(/^Listings: /, '')}.` });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Could not set the alert', description: errorMessage(err, 'Please try again.') });
    }
  };

  return constituent ? (
    <>
      <Button variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
        <Bell aria-hidden="true" />
        Watch price and new listings
      </Button>
      <WatchDialog target={constituent} open={open} onClose={() => setOpen(false)} newListingsByDefault />
    </>
  ) : (
    <Button variant="outline" className="justify-self-start" onClick={() => void saveSearch()} disabled={create.isPending}>
      {create.isPending ? <Spinner size="sm" label="Saving" /> : <Bell aria-hidden="true" />}
      Notify me of new listings of this card
    </Button>
  );
}
