import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import {
  FEE_BPS_MAX,
  FUND_NAME_MAX,
  FUND_TEXT_MAX,
  fundMessages,
  fundStatuses,
  type AdminFundDetail,
  type CreateFundInput,
  type PatchFundInput,
} from '#common/funds.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { useCreateFund } from './api/create-fund.ts';
import { useUpdateFund } from './api/update-fund.ts';
import { bpsToPercentText, fundStatusStyles, parsePercentToBps, todayUtc } from './labels.ts';

export interface FundFormValues {
  name: string;
  status: string;
  minimum: string;
  fee: string;
  inceptionDate: string;
  initialPrice: string;
  description: string;
  strategy: string;
  documents: string;
}

const fieldOf: Record<string, keyof FundFormValues> = {
  name: 'name',
  status: 'status',
  minimumInvestmentCents: 'minimum',
  managementFeeBps: 'fee',
  inceptionDate: 'inceptionDate',
  initialUnitPriceCents: 'initialPrice',
  description: 'description',
  strategy: 'strategy',
  documents: 'documents',
};

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

type Fund = AdminFundDetail['fund'];

const valuesOf = (fund?: Fund): FundFormValues => ({
  name: fund?.name ?? '',
  status: fund?.status ?? 'open',
  minimum: fund ? String(fund.minimumInvestmentCents / 100) : '',
  fee: fund ? bpsToPercentText(fund.managementFeeBps) : '',
  inceptionDate: fund?.inceptionDate.slice(0, 10) ?? todayUtc(),
  initialPrice: fund ? String(fund.initialUnitPriceCents / 100) : '100',
  description: fund?.description ?? '',
  strategy: fund?.strategy ?? '',
  documents: fund?.documents ?? '',
});

const positiveDollars = (t: string) => {
  const c = parseDollarsToCents(t);
  return c !== null && c > 0 ? true : fundMessages.amountPositive;
};
const text = (t: string) => t.trim().length <= FUND_TEXT_MAX || fundMessages.textTooLong;

/** Creates a fund (`fund` absent) or edits its facts; cash and units never change here. */
export function FundFormDialog({ open, onClose, fund }: { open: boolean; onClose: () => void; fund?: Fund }) {
  const [, navigate] = useLocation();
  const create = useCreateFund();
  const update = useUpdateFund();
  const pending = create.isPending || update.isPending;
  const form = useForm<FundFormValues>({ defaultValues: valuesOf(fund) });
  useEffect(() => {
    if (open) form.reset(valuesOf(fund));
  }, [open, fund, form]);

  const submit = form.handleSubmit(async (v) => {
    const common = {
      name: v.name.trim(),
      status: v.status as CreateFundInput['status'] & string,
      minimumInvestmentCents: parseDollarsToCents(v.minimum)!,
      managementFeeBps: parsePercentToBps(v.fee)!,
      description: v.description.trim(),
      strategy: v.strategy.trim(),
      documents: v.documents.trim(),
    };
    try {
      if (fund) {
        const changes: PatchFundInput = Object.fromEntries(
          Object.entries(common).filter(([k, val]) => (fund as unknown as Record<string, unknown>)[k] !== val),
        ) as PatchFundInput;
        if (Object.keys(changes).length === 0) return onClose();
        await update.mutateAsync({ id: fund.id, input: changes });
        toast({ title: 'Fund updated', description: common.name });
        onClose();
      } else {
        const created = await create.mutateAsync({
          ...common,
          inceptionDate: v.inceptionDate,
          initialUnitPriceCents: parseDollarsToCents(v.initialPrice)!,
        });
        toast({ title: 'Fund created', description: common.name });
        onClose();
        navigate(`/admin/funds/${encodeURIComponent(created.fund.id)}/manage`);
      }
    } catch (err) {
      const fe = err instanceof ApiError ? (err.body as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors : undefined;
      let placed = false;
      for (const [k, messages] of Object.entries(fe ?? {})) {
        const f = fieldOf[k];
        if (f && messages[0]) {
          form.setError(f, { message: messages[0] }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed)
        toast({
          variant: 'destructive',
          title: fund ? 'Could not save the fund' : 'Could not create the fund',
          description: errorMessage(err, 'Please try again.'),
        });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !pending && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{fund ? `Edit ${fund.name}` : 'New fund'}</DialogTitle>
          <DialogDescription>
            {fund
              ? 'The fund’s facts as members see them. Cash and units change only through transactions.'
              : 'Members see the fund on /funds once it exists. Its cash starts at $0.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField control={form.control} name="name" label="Name" className="sm:col-span-2">
              <Input
                autoComplete="off"
                {...form.register('name', {
                  validate: (t) => (t.trim() ? t.trim().length <= FUND_NAME_MAX || fundMessages.nameTooLong : fundMessages.nameRequired),
                })}
              />
            </FormField>
            <FormField control={form.control} name="status" label="Status">
              <select className={selectClass} {...form.register('status')}>
                {fundStatuses.map((s) => (
                  <option key={s} value={s}>
                    {fundStatusStyles[s].label}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField control={form.control} name="minimum" label="Minimum investment (USD)">
              <Input inputMode="decimal" className="tabular" {...form.register('minimum', { validate: positiveDollars })} />
            </FormField>
            <FormField
              control={form.control}
              name="fee"
              label="Management fee (% a year)"
              description={`Up to ${FEE_BPS_MAX / 100}%, accrued at each valuation.`}
            >
              <Input
                inputMode="decimal"
                className="tabular"
                {...form.register('fee', {
                  validate: (t) => {
                    const b = parsePercentToBps(t);
                    return b !== null && b <= FEE_BPS_MAX ? true : `Enter a percentage from 0 to ${FEE_BPS_MAX / 100}`;
                  },
                })}
              />
            </FormField>
            {!fund && (
              <>
                <FormField control={form.control} name="inceptionDate" label="Inception date">
                  <Input
                    type="date"
                    {...form.register('inceptionDate', { validate: (t) => (/^\d{4}-\d{2}-\d{2}$/.test(t) ? true : fundMessages.date) })}
                  />
                </FormField>
                <FormField control={form.control} name="initialPrice" label="Price of one unit at launch (USD)">
                  <Input inputMode="decimal" className="tabular" {...form.register('initialPrice', { validate: positiveDollars })} />
                </FormField>
              </>
            )}
          </div>
          <FormField control={form.control} name="description" label="Description">
            <Textarea rows={2} {...form.register('description', { validate: text })} />
          </FormField>
          <FormField control={form.control} name="strategy" label="Strategy">
            <Textarea rows={3} {...form.register('strategy', { validate: text })} />
          </FormField>
          <FormField control={form.control} name="documents" label="Documents" description="Offering terms and notices, shown to members as written.">
            <Textarea rows={4} {...form.register('documents', { validate: text })} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant="crimson" disabled={pending}>
              {pending && <Spinner size="sm" label="Saving" />}
              {fund ? 'Save changes' : 'Create fund'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
