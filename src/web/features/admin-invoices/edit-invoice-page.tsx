import { useState } from 'react';
import { ArrowLeft, BookOpen, FileDown } from 'lucide-react';
import { Link } from 'wouter';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { PageQuery } from '#web/components/page-query.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { AuditTrailLink } from '#web/components/audit-trail-link.tsx';
import { useAdminInvoice } from './api/get-admin-invoice.ts';
import { adminInvoicePaths } from './api/keys.ts';
import { InvoiceEditor } from './invoice-editor.tsx';
import { InvoiceRefunds } from './invoice-refunds.tsx';
import { InvoiceSummary } from './invoice-summary.tsx';
import { invoiceBadge, invoiceStatusStyles } from './labels.ts';
import { VoidInvoiceDialog } from './void-invoice-dialog.tsx';

export default function EditInvoicePage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id ?? '';
  const query = useAdminInvoice(id);
  const [voiding, setVoiding] = useState(false);

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <Link href="/admin/invoices" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> Invoices
      </Link>
      <PageQuery query={query} loadingLabel="Loading invoice" errorTitle="We couldn't load this invoice." skeletons={['h-16', 'h-96']}>
        {(invoice) => (
          <>
            <PageHeader
              eyebrow="Invoice"
              title={
                <span className="flex flex-wrap items-center gap-3">
                  {invoice.number}
                  <StatusBadge status={invoiceBadge(invoice)} map={invoiceStatusStyles} />
                </span>
              }
              description={`For ${invoice.user.name ?? 'a member'} · ${formatPhoneForDisplay(invoice.user.phone)}`}
              actions={
                <>
                  <AuditTrailLink targetType="invoice" targetId={invoice.id} />
                  {invoice.status !== 'draft' && (
                    <Button asChild variant="outline" size="sm">
                      <Link href={`/admin/ledger?${new URLSearchParams({ invoiceId: invoice.id }).toString()}`}>
                        <BookOpen aria-hidden="true" /> Ledger
                      </Link>
                    </Button>
                  )}
                  <Button asChild variant="outline" size="sm">
                    <a href={adminInvoicePaths.pdf(invoice.id)} target="_blank" rel="noreferrer">
                      <FileDown aria-hidden="true" /> PDF
                    </a>
                  </Button>
                </>
              }
            />
            <Card>
              <CardContent className="px-4 sm:px-6">
                {invoice.status === 'draft' ? (
                  // Keyed by update time so a save or a live refresh starts the editor from the stored lines.
                  <InvoiceEditor key={invoice.updatedAt} invoice={invoice} onVoid={() => setVoiding(true)} />
                ) : (
                  <div className="grid gap-4">
                    <InvoiceSummary invoice={invoice} />
                    {invoice.status === 'paid' && <InvoiceRefunds invoice={invoice} />}
                    {invoice.status === 'sent' && (
                      <Button variant="outline" className="justify-self-start text-destructive" onClick={() => setVoiding(true)}>
                        Void invoice
                      </Button>
                    )}
                  </div>
                )}
              </CardContent>
            </Card>
            <VoidInvoiceDialog invoice={invoice} open={voiding} onClose={() => setVoiding(false)} />
          </>
        )}
      </PageQuery>
    </div>
  );
}
