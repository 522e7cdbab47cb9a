import { useId, useState } from 'react';
import type { ImportReport } from '#common/market-index.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useImportPrices } from './api/import-prices.ts';

export const SAMPLE_HEADER = 'player,year,set,card_number,variety,grader,grade,date,price,source,sale_ref';

function Report({ r }: { r: ImportReport }) {
  return (
    <div data-testid="import-report" className="grid gap-2 rounded-lg border bg-muted/30 p-3 text-sm">
      <p className="font-medium">
        {r.committed ? 'Imported' : r.dryRun ? 'Dry run' : 'Nothing imported'}: {r.rows} rows · {r.accepted} accepted · {r.duplicates} duplicates ·{' '}
        {r.rejected.length} rejected
      </p>
      {r.committed && <p>{r.recompute === 'queued' ? 'The series is being recomputed in the background.' : 'The series has been recomputed.'}</p>}
      {r.rejected.length > 0 && (
        <ul className="max-h-48 list-disc overflow-auto pl-5 text-xs">
          {r.rejected.map((x) => (
            <li key={x.line}>
              Line {x.line}: {x.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** CSV price import: a dry run first, then the commit of the same text. */
export function ImportPanel({ recomputePending }: { recomputePending: boolean }) {
  const id = useId();
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const mutation = useImportPrices();
  const run = (dryRun: boolean) =>
    mutation.mutate(
      { csv, dryRun },
      {
        onSuccess: (r) => {
          setReport(r);
          if (r.committed) toast({ title: 'Prices imported', description: `${r.accepted} observations added.` });
        },
        onError: (err) => toast({ variant: 'destructive', title: 'Import failed', description: errorMessage(err, 'The file could not be imported') }),
      },
    );
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setCsv(await file.text());
    setReport(null);
  };
  return (
    <section className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        Import prices (CSV)
      </h2>
      <p className="text-sm text-muted-foreground">
        Columns: <code className="break-all text-xs">{SAMPLE_HEADER}</code>, or{' '}
        <code className="break-all text-xs">constituent_id,date,price,source,sale_ref</code>. Price in dollars, date as YYYY-MM-DD.
      </p>
      <input type="file" accept=".csv,text/csv" aria-label="CSV file" onChange={(e) => void onFile(e.target.files?.[0])} className="text-sm" />
      <label htmlFor={`${id}-csv`} className="text-sm font-medium">
        CSV text
      </label>
      <textarea
        id={`${id}-csv`}
        value={csv}
        onChange={(e) => {
          setCsv(e.target.value);
          setReport(null);
        }}
        rows={6}
        className="w-full rounded-md border border-input bg-background p-2 font-mono text-xs"
        placeholder={SAMPLE_HEADER}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" disabled={!csv.trim() || mutation.isPending} onClick={() => run(true)}>
          Dry run
        </Button>
        <Button type="button" disabled={!report?.dryRun || report.accepted === 0 || mutation.isPending} onClick={() => run(false)}>
          Commit {report?.dryRun ? `${report.accepted} rows` : ''}
        </Button>
      </div>
      {(mutation.isPending || recomputePending) && (
        <div className="grid gap-1" role="status">
          <span className="text-sm text-muted-foreground">{mutation.isPending ? 'Working on the file…' : 'Recomputing the series…'}</span>
          <Progress value={null} aria-label="Import progress" className="h-1.5 animate-pulse" />
        </div>
      )}
      {report && <Report r={report} />}
    </section>
  );
}
