import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { formatCents } from '#common/format.ts';
import { formatDate } from '#web/lib/dates.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ListError, ListLoading } from '#web/components/list-parts.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useDeleteFeeTemplate } from './api/delete-fee-template.ts';
import { useFeeTemplates } from './api/get-fee-templates.ts';
import type { FeeLine, FeeTemplate } from '#common/money.ts';
import { FeeTemplateDialog } from './fee-template-dialog.tsx';
import { appliesToLabels } from './labels.ts';

const lineText = (l: FeeLine) => (l.type === 'fixed' ? formatCents(l.amountCents) : `${l.basisPoints / 100}%`);

function TemplateCard({ template, onEdit, onDelete }: { template: FeeTemplate; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card data-testid="fee-template">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle className="text-base">{template.name}</CardTitle>
          <p className="text-xs text-muted-foreground">
            {appliesToLabels[template.appliesTo]} · updated {formatDate(template.updatedAt)}
          </p>
        </div>
        {!template.active && <Badge variant="secondary">Inactive</Badge>}
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul className="grid gap-1 text-sm">
          {template.lines.map((l, i) => (
            <li key={i} className="flex justify-between gap-2">
              <span>{l.label}</span>
              <span className="tabular text-muted-foreground">{lineText(l)}</span>
            </li>
          ))}
        </ul>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${template.name}`}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${template.name}`}>
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export default function FeeTemplatesPage() {
  const query = useFeeTemplates();
  const remove = useDeleteFeeTemplate();
  const [editing, setEditing] = useState<FeeTemplate | null>(null);
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState<FeeTemplate | null>(null);
  const openDialog = (t: FeeTemplate | null) => {
    setEditing(t);
    setOpen(true);
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="Fee Templates"
        description="Reusable fee lines for loans, sales and listings. Invoices start from them."
        actions={
          <Button onClick={() => openDialog(null)}>
            <Plus aria-hidden="true" /> New template
          </Button>
        }
      />
      {query.isPending ? (
        <ListLoading label="Loading fee templates" />
      ) : query.isError ? (
        <ListError title="We couldn't load fee templates." error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.templates.length === 0 ? (
        <EmptyState
          title="No fee templates yet"
          description="Create one to fill invoices in a click."
          action={<Button onClick={() => openDialog(null)}>New template</Button>}
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {query.data.templates.map((t) => (
            <TemplateCard key={t.id} template={t} onEdit={() => openDialog(t)} onDelete={() => setDeleting(t)} />
          ))}
        </div>
      )}
      <FeeTemplateDialog open={open} template={editing} onClose={() => setOpen(false)} />
      <ConfirmDialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'template'}?`}
        description="Invoices already built from it keep their lines."
        confirmLabel="Delete template"
        destructive
        pending={remove.isPending}
        pendingLabel="Deleting"
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: 'Fee template deleted', description: deleting.name });
              setDeleting(null);
            },
            onError: (e) => toast({ variant: 'destructive', title: 'Could not delete the template', description: e.message }),
          })
        }
      />
    </div>
  );
}
