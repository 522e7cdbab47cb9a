import { useId, useMemo, useState } from 'react';
import type { LegalSlug, LegalVersionSummary } from '#common/legal.ts';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { LoadError } from '#web/components/load-error.tsx';
import { cn } from '#web/lib/utils.ts';
import { useLegalVersion } from './api/get-legal-version.ts';
import { diffMarkdown, foldUnchanged } from './legal-diff.ts';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

/** Two versions picked from the history, and the lines that changed between them. */
export function LegalDiffView({ slug, versions }: { slug: LegalSlug; versions: LegalVersionSummary[] }) {
  const id = useId();
  const [to, setTo] = useState(versions[0]!.version);
  const [from, setFrom] = useState(versions[1]!.version);
  const older = useLegalVersion(slug, from);
  const newer = useLegalVersion(slug, to);
  const diff = useMemo(() => (older.data && newer.data ? diffMarkdown(older.data.markdown, newer.data.markdown) : null), [older.data, newer.data]);
  const rows = useMemo(() => (diff ? foldUnchanged(diff.lines) : []), [diff]);

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6 grid min-w-0 gap-4 border-t pt-6">
      <h3 id={`${id}-heading`} className="font-medium">
        Compare versions
      </h3>
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>From</Label>
          <select id={`${id}-from`} className={selectClass} value={from} onChange={(e) => setFrom(Number(e.target.value))}>
            {versions.map((v) => (
              <option key={v.version} value={v.version}>
                Version {v.version}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`}>To</Label>
          <select id={`${id}-to`} className={selectClass} value={to} onChange={(e) => setTo(Number(e.target.value))}>
            {versions.map((v) => (
              <option key={v.version} value={v.version}>
                Version {v.version}
              </option>
            ))}
          </select>
        </div>
      </div>
      {older.isError || newer.isError ? (
        <LoadError
          title="We couldn't load these versions"
          onRetry={() => void Promise.all([older.refetch(), newer.refetch()])}
          retrying={older.isFetching || newer.isFetching}
        />
      ) : !diff ? (
        <div className="grid gap-2" aria-busy="true">
          <span className="sr-only" role="status">
            Loading the comparison
          </span>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-[80%]" />
        </div>
      ) : from === to ? (
        <p className="text-sm text-muted-foreground">Choose two different versions.</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {diff.added === 0 && diff.removed === 0
              ? 'The texts are the same.'
              : `${diff.added} ${diff.added === 1 ? 'line' : 'lines'} added, ${diff.removed} removed, from version ${from} to version ${to}.`}
          </p>
          <div
            role="region"
            aria-label={`Changes from version ${from} to version ${to}`}
            tabIndex={0}
            className="max-h-[32rem] min-w-0 overflow-auto rounded-lg border font-mono text-xs"
          >
            <table className="w-full border-collapse">
              <tbody>
                {rows.map((r, i) =>
                  'folded' in r ? (
                    <tr key={i} className="bg-zinc-50 text-muted-foreground">
                      <td colSpan={3} className="px-3 py-1 italic">
                        {r.folded} unchanged {r.folded === 1 ? 'line' : 'lines'}
                      </td>
                    </tr>
                  ) : (
                    <tr key={i} className={cn(r.kind === 'added' && 'bg-green-50 text-green-900', r.kind === 'removed' && 'bg-red-50 text-red-900')}>
                      <td className="w-10 select-none px-2 text-right align-top text-muted-foreground tabular">{r.oldNo ?? ''}</td>
                      <td className="w-10 select-none px-2 text-right align-top text-muted-foreground tabular">{r.newNo ?? ''}</td>
                      <td className="whitespace-pre-wrap break-words px-2 py-0.5 align-top">
                        <span className="sr-only">{r.kind === 'added' ? 'Added: ' : r.kind === 'removed' ? 'Removed: ' : ''}</span>
                        <span aria-hidden="true" className="mr-1 select-none">
                          {r.kind === 'added' ? '+' : r.kind === 'removed' ? '−' : ' '}
                        </span>
                        {r.text || ' '}
                      </td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
