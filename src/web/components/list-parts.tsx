import { useId, type ReactNode } from 'react';
import { RotateCw } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';

/** Skeleton rows while a list loads, announced as `label`. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div className="grid gap-3" aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** A list that failed to load, with Try again. */
export function ListError({ title, error, onRetry, retrying }: { title: string; error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-sm">
      <p className="font-medium text-red-900">{title}</p>
      <p className="text-red-800">{errorMessage(error, 'Please try again.')}</p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

/** Page arithmetic for a paged list answer. */
export function pageRange(page: number, total: number, pageSize: number) {
  return {
    pages: Math.max(1, Math.ceil(total / pageSize)),
    first: total === 0 ? 0 : (page - 1) * pageSize + 1,
    last: Math.min(total, page * pageSize),
  };
}

/** "1–25 of 40", "Updating…" while refetching, or `none` for an empty list. */
export function ListCount({
  loaded,
  updating,
  page,
  total,
  pageSize,
  none,
  className,
}: {
  loaded: boolean;
  updating: boolean;
  page: number;
  total: number;
  pageSize: number;
  none: string;
  className?: string;
}) {
  const { first, last } = pageRange(page, total, pageSize);
  return (
    <p className={cn('tabular text-sm text-muted-foreground', className)} aria-live="polite">
      {updating ? (
        <span className="inline-flex items-center gap-2">
          <Spinner size="sm" label="Updating" /> Updating…
        </span>
      ) : loaded ? (
        total === 0 ? (
          none
        ) : (
          `${first}–${last} of ${total}`
        )
      ) : null}
    </p>
  );
}

const filterSelectClass =
  'h-10 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

/** A list toolbar's control with its label above; `children` gets the id to put on the control. */
export function ToolbarField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A list toolbar's labelled select (a filter or the sort); the empty option's `''` means none. */
export function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string | undefined) => void;
  children: ReactNode;
}) {
  return (
    <ToolbarField label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value || undefined)} className={filterSelectClass}>
          {children}
        </select>
      )}
    </ToolbarField>
  );
}

/** One option per key, shown by its label, after an optional "any" option. */
export function KeyOptions<K extends string | number>({ any, keys, label }: { any?: string; keys: readonly K[]; label: (key: K) => string }) {
  return (
    <>
      {any !== undefined && <option value="">{any}</option>}
      {keys.map((k) => (
        <option key={k} value={k}>
          {label(k)}
        </option>
      ))}
    </>
  );
}
