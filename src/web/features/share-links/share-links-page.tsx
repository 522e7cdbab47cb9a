import { lazy, Suspense, useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { z } from 'zod';
import { graderLabels } from '#common/cards.ts';
import { createShareLinkSchema, SHARE_LABEL_MAX, shareMessages, type ShareLink } from '#common/share-links.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { applyServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useCardShareLinks } from './api/get-card-share-links.ts';
import { useCreateShareLink } from './api/create-share-link.ts';
import { useRevokeShareLink } from './api/revoke-share-link.ts';
import { ShareLinkRow } from './share-link-row.tsx';

const ViewsChart = lazy(() => import('./views-chart.tsx'));
const expiries = [
  { value: '', label: 'Never' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
];
const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

// What is typed, turned into the server's request and checked by its schema.
const createFormSchema = z.object({
  label: z
    .string()
    .transform((v) => v.trim() || undefined)
    .pipe(createShareLinkSchema.shape.label),
  expiresInDays: z
    .string()
    .transform((v) => (v ? Number(v) : undefined))
    .pipe(createShareLinkSchema.shape.expiresInDays),
  showOwnerName: z.boolean(),
});
type CreateFormInput = z.input<typeof createFormSchema>;
type CreateFormValues = z.output<typeof createFormSchema>;

function CreateForm({ cardId }: { cardId: string }) {
  const id = useId();
  const create = useCreateShareLink(cardId);
  const form = useForm<CreateFormInput, unknown, CreateFormValues>({
    resolver: zodResolver(createFormSchema),
    defaultValues: { label: '', expiresInDays: '', showOwnerName: false },
  });
  const submit = form.handleSubmit(async (v) => {
    try {
      await create.mutateAsync(v);
      form.resetField('label');
      toast({ title: shareMessages.created, description: 'Copy it from the list below.' });
    } catch (err) {
      if (!applyServerFieldErrors(form, err, { label: 'label', expiresInDays: 'expiresInDays' }))
        toast({ title: 'Link not created', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  });
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end"
    >
      <FormField control={form.control} name="label" label="Label" id={`${id}-label`} className="gap-1.5">
        <Input maxLength={SHARE_LABEL_MAX} placeholder="e.g. For Dana at the show" {...form.register('label')} />
      </FormField>
      <FormField control={form.control} name="expiresInDays" label="Expires" id={`${id}-expiry`} className="gap-1.5">
        <select className={selectClass} {...form.register('expiresInDays')}>
          {expiries.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </FormField>
      <Button type="submit" disabled={create.isPending}>
        Create link
      </Button>
      <div className="flex items-center gap-2 sm:col-span-3">
        <Controller
          control={form.control}
          name="showOwnerName"
          render={({ field }) => (
            <Checkbox
              id={`${id}-name`}
              ref={field.ref}
              checked={field.value}
              onBlur={field.onBlur}
              onCheckedChange={(v) => field.onChange(v === true)}
            />
          )}
        />
        <Label htmlFor={`${id}-name`} className="font-normal">
          Show my first name on the shared page
        </Label>
      </div>
    </form>
  );
}

/** /share/{id}: the owner's links for one card: create, copy, revoke, and their views. */
export default function ShareLinksPage({ params }: { params: Record<string, string | undefined> }) {
  const cardId = params.id ?? '';
  const query = useCardShareLinks(cardId);
  const revoke = useRevokeShareLink(cardId);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast({ title: shareMessages.revoked, description: 'Anyone opening it now sees a not-found page.' });
      setRevoking(null);
    } catch (err) {
      toast({ title: 'Link not revoked', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 lg:py-10">
      <Link
        href={`/registry/${cardId}`}
        className="inline-flex items-center gap-1.5 justify-self-start text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to the card
      </Link>
      {notFound ? (
        <EmptyState
          notFound
          title="Card not found"
          description="It may have been deleted, or the link is wrong."
          action={
            <Button asChild variant="outline">
              <Link href="/registry">Back to your registry</Link>
            </Button>
          }
        />
      ) : (
        <PageQuery
          query={query}
          loadingLabel="Loading share links"
          errorTitle="We couldn’t load this card’s links"
          skeletons={['h-24', 'h-56', 'h-40']}
        >
          {({ card, links, viewsPerDay }) => (
            <>
              <div className="grid gap-1">
                <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Share links</p>
                <h1 className="font-display text-3xl font-medium tracking-tight">
                  {card.year} {card.brand} {card.subject}
                </h1>
                {card.grade && (
                  <p className="text-sm text-muted-foreground">{card.grader === 'raw' ? card.grade : `${graderLabels[card.grader]} ${card.grade}`}</p>
                )}
              </div>
              <CreateForm cardId={cardId} />
              {links.length > 0 && (
                <section className="grid gap-2 rounded-xl border bg-card p-4" aria-labelledby="views-heading">
                  <h2 id="views-heading" className="text-sm font-medium">
                    Views, last 30 days
                  </h2>
                  <Suspense fallback={<div className="h-[180px]" />}>
                    <ViewsChart days={viewsPerDay} height={180} />
                  </Suspense>
                </section>
              )}
              {links.length ? (
                <ul className="grid gap-3" aria-label="Links">
                  {links.map((l) => (
                    <ShareLinkRow key={l.id} link={l} onRevoke={setRevoking} />
                  ))}
                </ul>
              ) : (
                <EmptyState title="No links yet" description="Create one to show this card to someone outside the club." />
              )}
            </>
          )}
        </PageQuery>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={() => void confirmRevoke()}
        pending={revoke.isPending}
        destructive
        title="Revoke this link?"
        description="Anyone who has it will see a not-found page from now on. This cannot be undone."
        confirmLabel="Revoke link"
      />
    </div>
  );
}
