import { useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { LoadError } from '#web/components/load-error.tsx';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { useLogout } from '#web/features/auth/api/logout.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useAcceptTerms } from './api/accept-terms.ts';
import { useLegalPage } from './api/get-legal-page.ts';
import { formatEffective, stripLeadingH1 } from './legal-page.tsx';

function TermsDialog({ version }: { version: number }) {
  const id = useId();
  const page = useLegalPage('terms');
  const accept = useAcceptTerms();
  const logout = useLogout();
  const [ticked, setTicked] = useState(false);
  // The page must be the version the server asks about (it may have changed since).
  const stale = page.data && page.data.version !== version;

  async function onAccept() {
    try {
      await accept.mutateAsync(page.data!.version);
      toast({ title: 'Thank you', description: `You accepted the Terms of Use, version ${page.data!.version}.` });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Not recorded', description: errorMessage(err, 'Please try again.') });
      void page.refetch();
    }
  }

  return (
    <Dialog open>
      <DialogContent
        showClose={false}
        className="max-w-2xl"
        onEscapeKeyDown={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>Our Terms of Use have changed</DialogTitle>
          <DialogDescription>
            {page.data
              ? `Version ${page.data.version}, in force from ${formatEffective(page.data.effectiveAt)}. Please read and accept it to continue.`
              : 'Please read and accept the new version to continue.'}
          </DialogDescription>
        </DialogHeader>
        {page.data?.summary && (
          <p className="rounded-lg border bg-zinc-50 px-4 py-3 text-sm">
            <span className="font-medium">What changed: </span>
            {page.data.summary}
          </p>
        )}
        {page.isError ? (
          <LoadError title="We couldn't load the Terms of Use" onRetry={() => void page.refetch()} retrying={page.isFetching} />
        ) : page.data ? (
          <div tabIndex={0} role="region" aria-label="Terms of Use" className="max-h-[45dvh] overflow-y-auto rounded-lg border px-4 py-4">
            <article className="prose-legal text-sm" dangerouslySetInnerHTML={{ __html: stripLeadingH1(page.data.html) }} />
          </div>
        ) : (
          <div className="grid gap-2" aria-busy="true">
            <span className="sr-only" role="status">
              Loading the Terms of Use
            </span>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-[90%]" />
            <Skeleton className="h-4 w-[75%]" />
          </div>
        )}
        <div className="flex items-start gap-3">
          <Checkbox id={`${id}-agree`} checked={ticked} onCheckedChange={(v) => setTicked(v === true)} disabled={!page.data || Boolean(stale)} />
          <Label htmlFor={`${id}-agree`} className="font-normal leading-snug">
            I have read and accept the Terms of Use{page.data ? `, version ${page.data.version}` : ''}.
          </Label>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending || accept.isPending}>
            Sign out
          </Button>
          <Button type="button" variant="crimson" onClick={() => void onAccept()} disabled={!ticked || !page.data || accept.isPending}>
            {accept.isPending && <Spinner />}
            Accept and continue
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Put over the signed-in shells: when the Terms of Use in force are newer than what this member
 * accepted, they read and accept them (or sign out) before going on.
 */
export function TermsPrompt() {
  const { data: user } = useCurrentUser();
  const version = user?.termsToAccept;
  if (!user || typeof version !== 'number') return null;
  return <TermsDialog key={version} version={version} />;
}
