import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button.tsx';

export interface PaginationProps {
  page: number;
  pages: number;
  onPageChange(page: number): void;
  /** While a page is loading, so a second click does not skip one. */
  disabled?: boolean;
}

/** Previous / Page N of M / Next under a paged list; nothing when there is one page. */
export function Pagination({ page, pages, onPageChange, disabled }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" onClick={() => onPageChange(Math.max(1, page - 1))} disabled={page <= 1 || disabled}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <span className="tabular text-sm text-muted-foreground">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" onClick={() => onPageChange(Math.min(pages, page + 1))} disabled={page >= pages || disabled}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
