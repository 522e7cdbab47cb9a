import { zodResolver } from '@hookform/resolvers/zod';
import { Megaphone } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { createPromotionRequestSchema } from '#common/marketplace.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { applyServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useCreatePromotionRequest } from './api/create-promotion-request.ts';

// The days as typed, checked by the server's own rule (and its message).
const promoteSchema = z.object({ days: z.string().trim().transform(Number).pipe(createPromotionRequestSchema.shape.days) });
type PromoteInput = z.input<typeof promoteSchema>;
type PromoteValues = z.output<typeof promoteSchema>;

/** The seller asks for the listing to be featured (first on /secure) for a number of days. */
export function PromoteListing({ listingId }: { listingId: string }) {
  const create = useCreatePromotionRequest();
  const form = useForm<PromoteInput, unknown, PromoteValues>({ resolver: zodResolver(promoteSchema), defaultValues: { days: '7' } });
  const submit = form.handleSubmit(async ({ days }) => {
    try {
      await create.mutateAsync({ listingId, days });
      toast({ title: 'Promotion requested', description: 'We will review it shortly.' });
    } catch (err) {
      // Whatever went wrong is said under the one field, as before.
      if (!applyServerFieldErrors(form, err, { days: 'days' }))
        form.setError('days', { message: errorMessage(err, 'The request could not be sent. Please try again.') });
    }
  });
  return (
    <form onSubmit={submit} className="grid gap-2 rounded-xl border p-4" noValidate>
      <p className="text-sm font-medium">Feature this listing</p>
      <div className="flex flex-wrap items-start gap-2">
        <FormField control={form.control} name="days" label="Days" className="gap-1">
          <Input inputMode="numeric" className="w-24" {...form.register('days')} />
        </FormField>
        <Button type="submit" variant="outline" className="mt-[1.125rem]" disabled={create.isPending}>
          <Megaphone aria-hidden="true" />
          Request promotion
        </Button>
      </div>
    </form>
  );
}
