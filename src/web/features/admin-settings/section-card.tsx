import { useEffect, useId, type BaseSyntheticEvent, type ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { cn } from '#web/lib/utils.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';

/**
 * One settings section: a card holding its own form, saved on its own. What was typed stays in the
 * form when a save is refused; the server's field errors show beside their fields.
 */
/** What the card and the save need of a react-hook-form form, whatever its input and output types. */
interface SectionForm<T extends FieldValues> {
  formState: { isDirty: boolean };
  reset: (values?: T) => void;
  getValues: () => T;
  setError: (name: Path<T>, error: { message: string }) => void;
}

export function SectionCard<T extends FieldValues>({
  title,
  description,
  form,
  onSubmit,
  pending,
  saveLabel,
  children,
  contentClassName,
}: {
  title: string;
  description: ReactNode;
  form: SectionForm<T>;
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  pending: boolean;
  saveLabel: string;
  children: ReactNode;
  contentClassName?: string;
}) {
  const headingId = useId();
  return (
    <Card>
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="grid gap-6">
        <CardHeader>
          <CardTitle id={headingId} className="text-lg">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        {/* Fields keep their own height and may shrink below their content (long select labels on a phone). */}
        <CardContent className={cn('grid items-start gap-5 [&>*]:min-w-0', contentClassName ?? 'sm:grid-cols-2')}>{children}</CardContent>
        <div className="flex flex-wrap justify-end gap-2 border-t px-6 pt-4">
          <Button type="button" variant="outline" disabled={!form.formState.isDirty || pending} onClick={() => form.reset()}>
            Discard changes
          </Button>
          <Button type="submit" variant="crimson" disabled={pending}>
            {pending && <Spinner />}
            {saveLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/**
 * Saves one section: on success the form takes the saved value and a toast says so; on a refusal
 * the server's field errors go beside their fields (an error on `terms.0` shows on `terms`), the
 * typed values stay, and a toast explains.
 */
export async function saveSection<T extends FieldValues, R>(
  form: SectionForm<T>,
  save: () => Promise<R>,
  after: { reset: (saved: R) => T; description: string },
) {
  try {
    const saved = await save();
    form.reset(after.reset(saved));
    toast({ title: 'Settings saved', description: after.description });
  } catch (err) {
    const fieldErrors = err instanceof ApiError ? (err.body as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors : undefined;
    const fields = Object.keys(form.getValues());
    for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
      const top = key.split('.')[0];
      const name = fields.includes(top) ? key : null;
      if (name) form.setError(name as Path<T>, { message: messages[0] });
    }
    toast({ variant: 'destructive', title: 'Could not save', description: errorMessage(err, 'Please check the fields and try again.') });
  }
}

/**
 * Another admin saved this section (the page refetched on their notification): a form with no
 * edits of its own takes the new value; one being edited keeps what is typed.
 */
export function useFollowSaved<T extends FieldValues>(form: SectionForm<T>, values: T) {
  const key = JSON.stringify(values);
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(JSON.parse(key) as T);
    // Only a new saved value matters, not the form's own re-renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
