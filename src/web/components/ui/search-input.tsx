import { useId } from 'react';
import { Search, X } from 'lucide-react';
import { cn } from '#web/lib/utils.ts';
import { Input } from './input.tsx';

export interface SearchInputProps {
  /** Read by screen readers (the field shows only its placeholder). */
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  className?: string;
}

/** A search field with a magnifier and a clear button, labelled for screen readers. */
export function SearchInput({ label, placeholder, value, onChange, className }: SearchInputProps) {
  const id = useId();
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input id={id} type="search" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} className="pl-9 pr-9" />
      {value && (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label="Clear search"
          className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-muted-foreground hover:text-foreground"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
