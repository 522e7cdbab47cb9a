import { useId, useState, type ReactNode } from 'react';
import { MARKET_NOTE_MAX, type ListedCard } from '#common/marketplace.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { priceProblem } from '#web/lib/dollars.ts';

export const cardLine = (c: Pick<ListedCard, 'year' | 'brand' | 'subject'>) => `${c.year} ${c.brand} ${c.subject}`;
export const gradeLine = (c: Pick<ListedCard, 'grader' | 'grade'>) => (c.grader === 'raw' ? 'Raw' : `${c.grader} ${c.grade ?? ''}`.trim());

export function CardCell({ card }: { card: ListedCard }) {
  return (
    <div className="min-w-0">
      <p className="font-medium">{cardLine(card)}</p>
      <p className="text-xs text-muted-foreground">{gradeLine(card)}</p>
    </div>
  );
}

export function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0 rounded-xl border bg-card p-4 shadow-xs">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="mt-1 font-display text-xl font-medium tabular sm:text-2xl" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

export { FilterSelect } from '#web/components/list-parts.tsx';

export const selectClass =
  'h-10 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring sm:w-auto';

export interface Review {
  title: string;
  description: string;
  confirmLabel: string;
  /** The toast once it went through. */
  done: string;
  destructive?: boolean;
  /** Ask for a counter price (sell offers). */
  price?: boolean;
  run: (input: { note: string | null; priceCents: number | null }) => Promise<unknown>;
}

/** The one review dialog of the queues: an optional note (and counter price); errors stay in the dialog. */
export function ReviewDialog({ review, onClose, onDone }: { review: Review | null; onClose: () => void; onDone: (r: Review) => void }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [price, setPrice] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [priceError, setPriceError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [shown, setShown] = useState<Review | null>(null);
  if (review !== shown) {
    setShown(review);
    setNote('');
    setPrice('');
    setProblem(null);
    setPriceError(null);
  }
  const confirm = async () => {
    if (!review) return;
    const p = review.price ? priceProblem(price) : null;
    setPriceError(p);
    if (p) return;
    setPending(true);
    setProblem(null);
    try {
      await review.run({ note: note.trim() || null, priceCents: review.price ? parseDollarsToCents(price) : null });
      onDone(review);
    } catch (err) {
      setProblem(errorMessage(err, 'That did not go through. Please try again.'));
    } finally {
      setPending(false);
    }
  };
  return (
    <ConfirmDialog
      open={!!review}
      onClose={onClose}
      onConfirm={() => void confirm()}
      pending={pending}
      destructive={review?.destructive}
      title={review?.title ?? ''}
      description={review?.description ?? ''}
      confirmLabel={review?.confirmLabel ?? ''}
    >
      <div className="grid gap-3">
        {review?.price && (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-price`}>Counter price ($)</Label>
            <Input
              id={`${id}-price`}
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              aria-invalid={priceError ? true : undefined}
              aria-describedby={priceError ? `${id}-price-error` : undefined}
            />
            {priceError && (
              <p id={`${id}-price-error`} role="alert" className="text-sm text-destructive">
                {priceError}
              </p>
            )}
          </div>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-note`}>Note to the member (optional)</Label>
          <Textarea id={`${id}-note`} rows={3} maxLength={MARKET_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        {problem && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {problem}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}

const day = (d: Date) => d.toISOString().slice(0, 10);
export const daysAgo = (n: number) => day(new Date(Date.now() - n * 86_400_000));
export const today = () => day(new Date());
