import { sparklinePath } from './chart-data.ts';

/** A small NAV-per-unit line for a fund card (plain SVG: the list stays free of the chart library). */
export function Sparkline({ values, label, className }: { values: readonly number[]; label: string; className?: string }) {
  const w = 120;
  const h = 36;
  if (values.length < 2) return <div className={className} aria-hidden="true" />;
  const up = values[values.length - 1] >= values[0];
  return (
    <svg viewBox={`0 0 ${w} ${h}`} width={w} height={h} role="img" aria-label={label} className={className} data-testid="fund-sparkline">
      <path
        d={sparklinePath(values, w, h)}
        fill="none"
        stroke={up ? '#047857' : '#b91c1c'}
        strokeWidth={1.75}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
