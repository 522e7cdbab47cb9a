import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { CountryCode } from 'libphonenumber-js';
import { Check, ChevronDown, Search } from 'lucide-react';
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/ui/popover.tsx';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { cn } from '#web/lib/utils.ts';
import { findCountry, searchCountries, type PhoneCountry } from './countries.ts';
import { supportsFlagEmoji } from './flag-support.ts';

/** The country's flag, or its two-letter code where the system cannot draw flag emoji. */
function Flag({ country }: { country: PhoneCountry | undefined }) {
  if (!country) return null;
  if (supportsFlagEmoji()) {
    return (
      <span aria-hidden="true" className="text-lg leading-none">
        {country.flag}
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-4 w-6 items-center justify-center rounded-[3px] bg-zinc-200 text-[0.625rem] font-semibold tracking-wide text-zinc-700"
    >
      {country.code}
    </span>
  );
}

/** Spec §2: country search is debounced by 250 ms. */
export const COUNTRY_SEARCH_DEBOUNCE_MS = 250;

export interface CountryPickerProps {
  value: CountryCode;
  onChange: (code: CountryCode) => void;
  disabled?: boolean;
  className?: string;
}

/** The country part of the phone field: flag and dial code, opening a searchable list. */
export function CountryPicker({ value, onChange, disabled, className }: CountryPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const debounced = useDebouncedValue(query, COUNTRY_SEARCH_DEBOUNCE_MS);
  const results = useMemo(() => searchCountries(debounced), [debounced]);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const current = findCountry(value);
  const firstOther = debounced.trim() ? -1 : results.findIndex((c) => c.priority === null);

  const [prevResults, setPrevResults] = useState(results);
  if (prevResults !== results) {
    setPrevResults(results);
    setActive(0);
  }

  const choose = (c: PhoneCountry) => {
    onChange(c.code);
    setOpen(false);
  };

  const move = (next: number) => {
    if (!results.length) return;
    const i = (next + results.length) % results.length;
    setActive(i);
    listRef.current?.querySelector(`[data-index="${i}"]`)?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      move(active + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      move(active - 1);
    } else if (e.key === 'Home' && e.ctrlKey) {
      move(0);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const c = results[active];
      if (c) choose(c);
    }
  };

  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setQuery('');
          const i = searchCountries('').findIndex((c) => c.code === value);
          setActive(Math.max(0, i));
        }
      }}
    >
      <PopoverTrigger asChild>
        <button
          type="button"
          disabled={disabled}
          data-slot="country-picker"
          className={cn(
            'flex h-10 shrink-0 items-center gap-1.5 rounded-l-md border border-r-0 border-input bg-muted/60 px-2.5 text-sm transition-colors hover:bg-muted',
            'focus-visible:relative focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/30',
            'disabled:cursor-not-allowed disabled:opacity-50',
            className,
          )}
        >
          <Flag country={current} />
          {/* The name contains the visible dial code (WCAG 2.5.3): "Country: United States (+1)". */}
          <span className="sr-only">Country: {current?.name ?? value} (</span>
          <span className="tabular text-zinc-700">{current?.dialCode}</span>
          <span className="sr-only">)</span>
          <ChevronDown className="size-3.5 text-muted-foreground" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-[min(20rem,calc(100vw-2rem))] p-0">
        <div className="flex items-center gap-2 border-b px-3">
          <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <input
            autoFocus
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-activedescendant={results[active] ? `${listId}-${results[active].code}` : undefined}
            aria-label="Search countries"
            placeholder="Search country or code"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onKeyDown}
            className="h-11 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
          />
        </div>
        <ul ref={listRef} id={listId} role="listbox" aria-label="Countries" className="max-h-72 overflow-y-auto overscroll-contain p-1">
          {results.length === 0 && <li className="px-3 py-6 text-center text-sm text-muted-foreground">No country found</li>}
          {results.map((c, i) => (
            <li
              key={c.code}
              id={`${listId}-${c.code}`}
              data-index={i}
              role="option"
              aria-selected={c.code === value}
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => choose(c)}
              className={cn(
                'flex cursor-pointer items-center gap-2.5 rounded-sm px-2 py-2 text-sm',
                i === active && 'bg-accent',
                i === firstOther && i > 0 && 'mt-1 border-t pt-2.5',
              )}
            >
              <Flag country={c} />
              <span className="min-w-0 flex-1 truncate">{c.name}</span>
              <span className="tabular text-muted-foreground">{c.dialCode}</span>
              <Check className={cn('size-4 text-crimson', c.code === value ? 'visible' : 'invisible')} aria-hidden="true" />
            </li>
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
