import { Badge } from '#web/components/ui/badge.tsx';

export type StatusTone = 'success' | 'warning' | 'destructive' | 'neutral' | 'muted';

export interface StatusStyle {
  label: string;
  tone: StatusTone;
}

/** Every status of a kind mapped to its label and tone; a Record so a new status fails the typecheck. */
export type StatusMap<S extends string> = Record<S, StatusStyle>;

const variants = {
  success: 'success',
  warning: 'warning',
  destructive: 'destructive',
  neutral: 'outline',
  muted: 'secondary',
} as const satisfies Record<StatusTone, string>;

/** A status shown the same way on every list: the map decides the label and colour. */
export function StatusBadge<S extends string>({ status, map, className }: { status: S; map: StatusMap<S>; className?: string }) {
  const style = map[status];
  return (
    <Badge variant={variants[style.tone]} data-status={status} className={className}>
      {style.label}
    </Badge>
  );
}
