import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { titleCase } from '#common/title-case.ts';
import { Download, Search } from 'lucide-react';
import { cardMessages, PSA_BULK_MAX, type PsaBulkRow } from '#common/cards.ts';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useBulkPsaLookup } from './api/bulk-psa-lookup.ts';
import { parseCertList } from './cert-list.ts';
import { downloadText } from '#web/lib/download.ts';
import { psaResultsCsv, resultsSummary } from './psa-results.ts';

const nf = new Intl.NumberFormat('en-US');
const num = (n: number | null | undefined) => (n === null || n === undefined ? '—' : nf.format(n));
const dash = <span className="text-muted-foreground">—</span>;

const columns: Column<PsaBulkRow>[] = [
  {
    id: 'cert',
    header: 'Certificate',
    className: 'tabular font-medium',
    card: 'primary',
    cell: (r) => (
      <>
        {r.certNumber}
        {r.fromCache && <span className="block text-xs font-normal text-muted-foreground">from cache</span>}
      </>
    ),
  },
  {
    id: 'card',
    header: 'Card',
    className: 'min-w-[14rem] whitespace-normal',
    card: 'wide',
    cell: (r) =>
      r.cert ? (
        <>
          <p className="font-medium">{titleCase(r.cert.subject) ?? '—'}</p>
          <p className="text-xs text-muted-foreground">
            {[r.cert.year, titleCase(r.cert.brand), r.cert.cardNumber ? `#${r.cert.cardNumber}` : null, titleCase(r.cert.variety)]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </>
      ) : (
        <span className="text-destructive">{r.error ?? 'No record'}</span>
      ),
  },
  { id: 'grade', header: 'Grade', card: 'aside', cell: (r) => (r.cert?.grade ? <span className="font-medium">{r.cert.grade}</span> : dash) },
  {
    id: 'pop',
    header: 'Population',
    className: 'tabular text-right',
    headerClassName: 'text-right',
    cell: (r) => (r.cert ? num(r.cert.totalPopulation) : dash),
  },
  {
    id: 'higher',
    header: 'Higher',
    className: 'tabular text-right',
    headerClassName: 'text-right',
    cell: (r) => (r.cert ? num(r.cert.populationHigher) : dash),
  },
  { id: 'label', header: 'Label', cell: (r) => r.cert?.labelType ?? dash },
];

/** /admin/psa-lookup: one certificate or a pasted list, a results table and its CSV. */
export default function AdminPsaLookupPage() {
  const id = useId();
  const form = useForm<{ certs: string }>({ defaultValues: { certs: '' } });
  const lookup = useBulkPsaLookup();
  const text = form.watch('certs');
  const parsed = useMemo(() => parseCertList(text), [text]);
  const rows = lookup.data?.results;
  const tooMany = parsed.certs.length > PSA_BULK_MAX;
  const problem = form.formState.errors.certs?.message;

  const submit = form.handleSubmit(async () => {
    try {
      await lookup.mutateAsync(parsed.certs);
    } catch (err) {
      form.setError('certs', { message: errorMessage(err, 'The lookup failed. Please try again.') });
    }
  });

  const download = () => {
    if (!rows) return;
    downloadText(`psa-lookup-${new Date().toISOString().slice(0, 10)}.csv`, psaResultsCsv(rows));
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="PSA Lookup"
        description="One certificate number, or a list pasted from a spreadsheet. Answers PSA gave in the last 30 days come from our cache and cost no lookups."
      />

      <form onSubmit={submit} noValidate className="grid gap-3 rounded-xl border bg-card p-4 sm:p-5">
        <FormField
          control={form.control}
          name="certs"
          label="Certificate numbers"
          id={`${id}-certs`}
          describedBy={`${id}-status`}
          description={`One per line, or separated by commas. Up to ${PSA_BULK_MAX} at a time.`}
          className="gap-3"
        >
          <Textarea
            rows={5}
            placeholder={'48213907\n31415926, 27182818'}
            className="tabular"
            {...form.register('certs', {
              validate: (t) => {
                const p = parseCertList(t);
                if (p.certs.length === 0) return p.invalid.length ? cardMessages.certDigits : cardMessages.bulkEmpty;
                return p.certs.length > PSA_BULK_MAX ? cardMessages.bulkTooMany : true;
              },
            })}
          />
        </FormField>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p id={`${id}-status`} aria-live="polite" className="text-sm">
            {/* A problem is shown (and announced) under the field instead of the count. */}
            {!problem && (
              <span className="text-muted-foreground">
                {parsed.certs.length === 1 ? '1 certificate' : `${parsed.certs.length} certificates`}
                {parsed.duplicates ? ` (${parsed.duplicates} repeated, dropped)` : ''}
                {parsed.invalid.length
                  ? ` · not numbers, skipped: ${parsed.invalid.slice(0, 3).join(', ')}${parsed.invalid.length > 3 ? '…' : ''}`
                  : ''}
                {tooMany ? ` · ${cardMessages.bulkTooMany}` : ''}
              </span>
            )}
          </p>
          <Button type="submit" variant="crimson" disabled={lookup.isPending || tooMany}>
            {lookup.isPending ? <Spinner size="sm" label="Looking up" /> : <Search aria-hidden="true" />}
            Look up
          </Button>
        </div>
      </form>

      {rows && (
        <section aria-labelledby={`${id}-results`} className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id={`${id}-results`} className="text-sm font-medium" aria-live="polite">
              {resultsSummary(rows)}
            </h2>
            <Button variant="outline" onClick={download} disabled={rows.length === 0}>
              <Download aria-hidden="true" />
              Download CSV
            </Button>
          </div>
          <ResponsiveTable rows={rows} rowKey={(r) => r.certNumber} columns={columns} rowTestId="psa-row" cardTestId="psa-card" />
        </section>
      )}
    </div>
  );
}
