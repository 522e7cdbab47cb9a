import { useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';

/** A note and the actions an admin may take now; each action sends the note with it. */
export function ReviewActions<A extends string>({
  actions,
  busy,
  onAct,
}: {
  actions: readonly { value: A; label: string; destructive?: boolean }[];
  busy: boolean;
  onAct: (action: A, note: string | null) => void;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  if (actions.length === 0) return <p className="text-sm text-muted-foreground">No further action: this record is final.</p>;
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-note`}>Note (sent with the action)</Label>
      <Textarea id={`${id}-note`} rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        {actions.map((a) => (
          <Button
            key={a.value}
            size="sm"
            variant={a.destructive ? 'outline' : 'crimson'}
            disabled={busy}
            onClick={() => {
              onAct(a.value, note.trim() || null);
              setNote('');
            }}
          >
            {a.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
