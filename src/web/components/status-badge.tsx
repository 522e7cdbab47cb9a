import { Badge } from '#web/components/ui/badge.tsx';

export type StatusTone = 'success' | 'warning' | 'destructive' | 'neutral' | 'muted';

export interface StatusStyle {
  label: string;
  tone: StatusTone;
}

/** Every status of a kind mapped to its label and tone; a Record so a new status fails the typecheck. */
export type StatusMap<S extends string> = Record<S, StatusStyle>;

/** A StatusMap from the shared labels (#common) and a tone per status. */
export function statusMap<S extends string>(labels: Record<S, string>, tones: Record<S, StatusTone>): StatusMap<S> {
  return Object.fromEntries(Object.entries<StatusTone>(tones).map(([s, tone]) => [s, { label: labels[s as S], tone }])) as StatusMap<S>;
}

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
