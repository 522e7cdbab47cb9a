import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { formatCents } from '#common/format.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { placeServerFieldErrors, renamed } from '#web/lib/server-field-errors.ts';
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

interface NewInvoiceValues {
  userId: string;
  templateId: string;
  /** Dollars the template's percentages apply to. */
  base: string;
  dueDate: string;
}
const emptyValues = (): NewInvoiceValues => ({ userId: '', templateId: '', base: '', dueDate: defaultDueDate() });

type MemberOption = { id: string; name: string | null; phone: string };
const memberLabel = (u: MemberOption) => (u.name ? `${u.name} · ${formatPhoneForDisplay(u.phone)}` : formatPhoneForDisplay(u.phone));

/** Picks the member and, optionally, a template on a base amount; the draft opens in the editor. */
export function NewInvoiceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const form = useForm<NewInvoiceValues>({ defaultValues: emptyValues() });
  const q = useDebouncedValue(search.trim(), 300);
  const members = useMemberSearch(q, open);
  // The chosen member stays listed while a new search loads or leaves them out.
  const [chosen, setChosen] = useState<MemberOption | null>(null);
  const templates = useFeeTemplates();
  const create = useCreateInvoice();

  useEffect(() => {
    if (open) {
      setSearch('');
      form.reset(emptyValues());
      setChosen(null);
    }
  }, [open, form]);

  const [templateId, base] = form.watch(['templateId', 'base']);
  const findTemplate = (tid: string) => templates.data?.templates.find((t) => t.id === tid);
  const template = findTemplate(templateId);
  const baseCents = parseDollarsToCents(base);
  const preview = template ? template.lines.reduce((s, l) => s + feeLineAmount(l, baseCents ?? 0), 0) : null;
  const memberError = form.formState.errors.userId?.message;

  const submit = form.handleSubmit((v) => {
    const chosen = findTemplate(v.templateId);
    if (!chosen) return;
    create.mutate(
      { userId: v.userId, templateId: chosen.id, baseAmountCents: parseDollarsToCents(v.base) ?? 0, dueDate: v.dueDate },
      {
        onSuccess: (inv) => {
          toast({ title: 'Draft invoice created', description: inv.number });
          onClose();
          navigate(`/admin/edit-invoice/${encodeURIComponent(inv.id)}`);
        },
        onError: (e) => {
          placeServerFieldErrors(
            form.setError,
            e,
            renamed<NewInvoiceValues>({ userId: 'userId', templateId: 'templateId', dueDate: 'dueDate', baseAmountCents: 'base' }),
          );
          toast({ variant: 'destructive', title: 'Could not create the invoice', description: e.message });
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !create.isPending && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>New invoice</DialogTitle>
          <DialogDescription>It starts as a draft; you can add, change and reorder lines before sending.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-search`}>Find a member</Label>
            <Input id={`${id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name or phone" />
            <Label htmlFor={`${id}-member`} className="sr-only">
              Member
            </Label>
            {/* Controlled: the options change under the choice as the search answers, and an
                uncontrolled select would drop it (its DOM value resets while the list reloads). */}
            <Controller
              control={form.control}
              name="userId"
              rules={{ required: 'Choose the member to bill' }}
              render={({ field }) => (
                <select
                  id={`${id}-member`}
                  className={selectClass}
                  aria-invalid={memberError ? true : undefined}
                  aria-describedby={memberError ? `${id}-member-error` : undefined}
                  {...field}
                  onChange={(e) => {
                    field.onChange(e.target.value);
                    setChosen(members.data?.users.find((u) => u.id === e.target.value) ?? null);
                  }}
                >
                  <option value="">{members.isPending ? 'Loading members…' : 'Choose a member'}</option>
                  {field.value && !members.data?.users.some((u) => u.id === field.value) && chosen && (
                    <option value={chosen.id}>{memberLabel(chosen)}</option>
                  )}
                  {members.data?.users.map((u) => (
                    <option key={u.id} value={u.id}>
                      {memberLabel(u)}
                    </option>
                  ))}
                </select>
              )}
            />
            {memberError && (
              <p id={`${id}-member-error`} role="alert" className="text-sm text-destructive">
                {memberError}
              </p>
            )}
          </div>
          <FormField control={form.control} name="templateId" label="Start from a fee template" id={`${id}-template`}>
            <select
              className={selectClass}
              {...form.register('templateId', {
                validate: (t) => !!findTemplate(t) || 'Choose a fee template; you can change every line afterwards',
              })}
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
          </FormField>
          <FormField control={form.control} name="dueDate" label="Due date" id={`${id}-due`}>
            <Input type="date" {...form.register('dueDate', { required: 'Enter the due date' })} />
          </FormField>
          {template && (
            <div className="grid gap-2">
              <FormField control={form.control} name="base" label="Amount the percentages apply to ($)" id={`${id}-base`}>
                <Input
                  inputMode="decimal"
                  placeholder="e.g. 12,500"
                  {...form.register('base', {
                    // Only a template with a percentage needs the amount.
                    validate: (b, v) =>
                      !findTemplate(v.templateId)?.lines.some((l) => l.type === 'bps') ||
                      parseDollarsToCents(b) !== null ||
                      'Enter the amount, like 12500 or 12,500.00',
                  })}
                />
              </FormField>
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
