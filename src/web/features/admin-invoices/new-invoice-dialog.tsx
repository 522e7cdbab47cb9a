import { useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { formatCents } from '#common/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { useCreateInvoice } from './api/create-invoice.ts';
import { useFeeTemplates } from './api/get-fee-templates.ts';
import { useMemberSearch } from './api/search-members.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { feeLineAmount } from './lines.ts';

/** Two weeks from today (UTC), as YYYY-MM-DD. */
export const defaultDueDate = (now = new Date()) => new Date(now.getTime() + 14 * 86_400_000).toISOString().slice(0, 10);

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

/** Picks the member and, optionally, a template on a base amount; the draft opens in the editor. */
export function NewInvoiceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const [userId, setUserId] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [base, setBase] = useState('');
  const [dueDate, setDueDate] = useState(defaultDueDate);
  const [tried, setTried] = useState(false);
  const q = useDebouncedValue(search.trim(), 300);
  const members = useMemberSearch(q, open);
  const templates = useFeeTemplates();
  const create = useCreateInvoice();

  useEffect(() => {
    if (open) {
      setSearch('');
      setUserId('');
      setTemplateId('');
      setBase('');
      setDueDate(defaultDueDate());
      setTried(false);
    }
  }, [open]);

  const template = templates.data?.templates.find((t) => t.id === templateId);
  const baseCents = parseDollarsToCents(base);
  const baseMissing = !!template && template.lines.some((l) => l.type === 'bps') && baseCents === null;
  const preview = template ? template.lines.reduce((s, l) => s + feeLineAmount(l, baseCents ?? 0), 0) : null;

  const submit = () => {
    setTried(true);
    if (!userId || !template || baseMissing || !dueDate) return;
    create.mutate(
      { userId, templateId: template.id, baseAmountCents: baseCents ?? 0, dueDate },
      {
        onSuccess: (inv) => {
          toast({ title: 'Draft invoice created', description: inv.number });
          onClose();
          navigate(`/admin/edit-invoice/${encodeURIComponent(inv.id)}`);
        },
        onError: (e) => toast({ variant: 'destructive', title: 'Could not create the invoice', description: e.message }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !create.isPending && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>New invoice</DialogTitle>
          <DialogDescription>It starts as a draft; you can add, change and reorder lines before sending.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-search`}>Find a member</Label>
            <Input id={`${id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name or phone" />
            <Label htmlFor={`${id}-member`} className="sr-only">
              Member
            </Label>
            <select
              id={`${id}-member`}
              className={selectClass}
              value={userId}
              onChange={(e) => setUserId(e.target.value)}
              aria-invalid={tried && !userId ? true : undefined}
            >
              <option value="">{members.isPending ? 'Loading members…' : 'Choose a member'}</option>
              {members.data?.users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name ? `${u.name} · ${formatPhoneForDisplay(u.phone)}` : formatPhoneForDisplay(u.phone)}
                </option>
              ))}
            </select>
            {tried && !userId && (
              <p role="alert" className="text-sm text-destructive">
                Choose the member to bill
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-template`}>Start from a fee template</Label>
            <select
              id={`${id}-template`}
              className={selectClass}
              value={templateId}
              onChange={(e) => setTemplateId(e.target.value)}
              aria-invalid={tried && !template ? true : undefined}
            >
              <option value="">{templates.isPending ? 'Loading templates…' : 'Choose a template'}</option>
              {templates.data?.templates
                .filter((t) => t.active)
                .map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
            </select>
            {tried && !template && (
              <p role="alert" className="text-sm text-destructive">
                Choose a fee template; you can change every line afterwards
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-due`}>Due date</Label>
            <Input
              id={`${id}-due`}
              type="date"
              value={dueDate}
              onChange={(e) => setDueDate(e.target.value)}
              aria-invalid={tried && !dueDate ? true : undefined}
            />
          </div>
          {template && (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-base`}>Amount the percentages apply to ($)</Label>
              <Input
                id={`${id}-base`}
                inputMode="decimal"
                value={base}
                onChange={(e) => setBase(e.target.value)}
                placeholder="e.g. 12,500"
                aria-invalid={tried && baseMissing ? true : undefined}
              />
              {tried && baseMissing && (
                <p role="alert" className="text-sm text-destructive">
                  Enter the amount, like 12500 or 12,500.00
                </p>
              )}
              <p className="text-sm text-muted-foreground" aria-live="polite">
                Total: <span className="tabular font-medium text-foreground">{formatCents(preview)}</span>
              </p>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner size="sm" label="Creating" />}
              Create draft
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
