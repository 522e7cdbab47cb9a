import { useEffect, useId, useState } from 'react';
import { VOID_REASON_MAX, type Invoice } from '#common/money.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { useUpdateInvoice } from './api/update-invoice.ts';

/** Voids a draft or sent invoice; the reason is kept on the invoice. */
export function VoidInvoiceDialog({ invoice, open, onClose }: { invoice: Invoice; open: boolean; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const update = useUpdateInvoice();
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={`Void ${invoice.number}?`}
      description="The member can no longer pay it. This cannot be undone."
      confirmLabel="Void invoice"
      destructive
      confirmDisabled={!reason.trim()}
      pending={update.isPending}
      pendingLabel="Voiding"
      onConfirm={() =>
        update.mutate(
          { id: invoice.id, patch: { status: 'void', voidReason: reason.trim() } },
          {
            onSuccess: () => {
              toast({ title: 'Invoice voided', description: invoice.number });
              onClose();
            },
            onError: (e) => toast({ variant: 'destructive', title: 'Could not void the invoice', description: e.message }),
          },
        )
      }
    >
      <div className="grid gap-2">
        <Label htmlFor={id}>Reason</Label>
        <Textarea id={id} value={reason} maxLength={VOID_REASON_MAX} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Billed twice" />
      </div>
    </ConfirmDialog>
  );
}
