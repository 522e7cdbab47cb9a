import { useId, useState } from 'react';
import { CUSTODY_NOTE_MAX, custodyLabels, custodyTransitions, type AdminCardRow, type CardDetail, type Custody } from '#common/cards.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';
import { useChangeCustody } from './api/change-custody.ts';

const hints: Record<Custody, string> = {
  with_owner: 'Back in the member’s hands.',
  in_transit: 'Picked up or shipped, on its way.',
  in_vault: 'Received and stored in our vault.',
};

/** What the PSA re-check that follows every move found. */
export function recheckWords(card: Pick<CardDetail, 'events' | 'needsReview'>): string {
  // The re-check is written right after the move; a raw card has none.
  const last = card.events.at(-1);
  if (last?.kind !== 'psa_rechecked') return '';
  const result = (last.data as { result?: string }).result;
  if (result === 'match') return 'PSA’s record matches.';
  if (result === 'unavailable') return 'PSA could not be asked; try the re-check later.';
  return card.needsReview ? 'PSA’s record differs: marked for review.' : 'PSA’s record differs.';
}

/** Moving a card between the member, transit and the vault, with a note for the provenance. */
export function CustodyDialog({ card, onClose }: { card: AdminCardRow | null; onClose: () => void }) {
  const id = useId();
  const change = useChangeCustody();
  const [to, setTo] = useState<Custody | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const options = card ? custodyTransitions[card.custody] : [];
  const chosen = to && options.includes(to) ? to : (options[0] ?? null);

  const close = () => {
    if (change.isPending) return;
    setTo(null);
    setNote('');
    setProblem(null);
    onClose();
  };

  const save = async () => {
    if (!card || !chosen) return;
    setProblem(null);
    try {
      const saved = await change.mutateAsync({ id: card.id, change: { custody: chosen, note: note.trim() || null } });
      toast({ title: 'Custody changed', description: `${card.subject} is now ${custodyLabels[chosen].toLowerCase()}. ${recheckWords(saved)}` });
      setTo(null);
      setNote('');
      onClose();
    } catch (err) {
      setProblem(errorMessage(err, 'The change was not saved. Please try again.'));
    }
  };

  return (
    <Dialog open={!!card} onOpenChange={(o) => !o && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change custody</DialogTitle>
          <DialogDescription>
            {card ? `${card.year} ${card.brand} ${card.subject}, now ${custodyLabels[card.custody].toLowerCase()}.` : ''} The move and a fresh PSA
            check are added to its provenance.
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Move to</legend>
          {options.map((c) => (
            <label
              key={c}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                chosen === c && 'border-foreground bg-muted',
              )}
            >
              <input
                type="radio"
                name={`${id}-custody`}
                value={c}
                checked={chosen === c}
                onChange={() => setTo(c)}
                className="mt-0.5 accent-[var(--color-crimson)]"
              />
              <span>
                <span className="block font-medium">{custodyLabels[c]}</span>
                <span className="text-muted-foreground">{hints[c]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-note`}>Note (optional)</Label>
          <Textarea
            id={`${id}-note`}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={CUSTODY_NOTE_MAX}
            rows={3}
            placeholder="e.g. Received by courier, box 14, shelf B"
          />
        </div>
        {problem && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {problem}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={change.isPending}>
            Cancel
          </Button>
          <Button variant="crimson" onClick={() => void save()} disabled={change.isPending || !chosen}>
            {change.isPending && <Spinner size="sm" label="Saving" />}
            Save custody
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
