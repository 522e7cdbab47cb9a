import { Link } from 'wouter';
import { ScrollText } from 'lucide-react';
import { cn } from '#web/lib/utils.ts';

/** The audit log filtered to one record (the audit page's `targetType` and `targetId` URL filters). */
export const auditTrailHref = (targetType: string, targetId: string) => `/admin/audit?${new URLSearchParams({ targetType, targetId }).toString()}`;

/** "Audit trail": from a record's own admin page to every logged action on it. */
export function AuditTrailLink({
  targetType,
  targetId,
  label = 'Audit trail',
  className,
  'aria-label': ariaLabel,
}: {
  targetType: string;
  targetId: string;
  label?: string;
  className?: string;
  /** Where several records share a screen: whose trail it is. */
  'aria-label'?: string;
}) {
  return (
    <Link
      href={auditTrailHref(targetType, targetId)}
      aria-label={ariaLabel}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-md border bg-background px-3 text-sm font-medium shadow-xs transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <ScrollText className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}
