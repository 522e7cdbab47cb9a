import { Bell, BellRing } from 'lucide-react';
import { Link } from 'wouter';
import { savedSearchLabel, type SavedSearch } from '#common/alerts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useCreateAlert } from './api/create-alert.ts';
import { useAlerts } from './api/get-alerts.ts';
import { sameSearch } from './same-search.ts';

/** The gallery's filters without paging, order or empty ones, as the server keeps a saved search. */
const clean = (q: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(q).filter(([k, v]) => v !== undefined && v !== '' && !['page', 'pageSize', 'sort'].includes(k)),
  ) as Partial<SavedSearch>;
/** "Notify me of new listings" beside the gallery's search: saves the current filters as an alert. */
export default function SaveSearchButton({ query }: { query: Record<string, unknown> }) {
  const alerts = useAlerts();
  const create = useCreateAlert();
  const filters = clean(query);
  if (alerts.isPending || alerts.isError) return null;
  const saved = alerts.data.alerts.some((a) => a.kind === 'search' && sameSearch(a.query, filters));
  if (saved)
    return (
      <Button asChild variant="outline" size="sm">
        <Link href="/dashboard#watching">
          <BellRing aria-hidden="true" />
          Search saved
        </Link>
      </Button>
    );
  const save = async () => {
    try {
      await create.mutateAsync({ kind: 'search', query: filters, newListings: true });
      toast({ title: 'Search saved', description: `We will tell you of new listings: ${savedSearchLabel(filters).replace(/^Listings: /, '')}.` });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Could not save the search', description: errorMessage(err, 'Please try again.') });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void save()} disabled={create.isPending}>
      {create.isPending ? <Spinner size="sm" label="Saving" /> : <Bell aria-hidden="true" />}
      Notify me of new listings
    </Button>
  );
}
