import { useId } from 'react';
import { cn } from '#web/lib/utils.ts';

export interface SlabSilhouetteProps {
  /** PSA, BGS, SGC, CGC or raw. */
  grader: string;
  /** The grade as the grader prints it, e.g. "GEM MT 10"; empty for a raw card. */
  grade?: string | null;
  /** Short label lines: year and set, then the player. */
  lines?: [string, string];
  className?: string;
}

/** Splits "GEM MT 10" into words and number so the number can stand large on the label. */
export function splitGrade(grade: string | null | undefined): { words: string; number: string } {
  const g = (grade ?? '').trim();
  const m = /^(.*?)\s*(\d{1,2}(?:\.5)?)$/.exec(g);
  return m ? { words: m[1]!.trim(), number: m[2]! } : { words: g, number: '' };
}

const accents: Record<string, string> = { PSA: '#8b1a1a', BGS: '#1f2937', SGC: '#0b0b0c', CGC: '#1e3a5f' };

/**
 * A drawn graded slab (case, label with grader and grade, empty card window) for a card that has
 * no photo. Decorative: the card's name and grade are given in text beside it.
 */
export function SlabSilhouette({ grader, grade, lines, className }: SlabSilhouetteProps) {
  const uid = useId().replace(/:/g, '');
  const raw = grader === 'raw';
  const accent = accents[grader] ?? '#52525b';
  const { words, number } = splitGrade(grade);
  const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
  return (
    <svg
      viewBox="0 0 300 468"
      aria-hidden="true"
      focusable="false"
      data-slab-silhouette=""
      className={cn('h-auto w-full select-none', className)}
      xmlns="http://www.w3.org/2000/svg"
    >
      <defs>
        <linearGradient id={`case-${uid}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fafafa" />
          <stop offset="0.6" stopColor="#ececef" />
          <stop offset="1" stopColor="#dcdce1" />
        </linearGradient>
        <linearGradient id={`glare-${uid}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.6" />
          <stop offset="0.4" stopColor="#ffffff" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect
        x="4"
        y="4"
        width="292"
        height="460"
        rx="20"
        fill={raw ? '#f4f4f5' : `url(#case-${uid})`}
        stroke="#c4c4cc"
        strokeWidth="1.5"
        strokeDasharray={raw ? '8 6' : undefined}
      />
      {!raw && (
        <>
          <rect x="24" y="24" width="252" height="82" rx="6" fill="#ffffff" stroke="#d4d4d8" />
          <rect x="24" y="24" width="252" height="7" rx="3" fill={accent} />
          <text x="40" y="60" fill={accent} fontSize="22" fontWeight="700" letterSpacing="1.5" fontFamily="Inter Variable, ui-sans-serif, sans-serif">
            {grader}
          </text>
          {lines && (
            <text
              x="40"
              y="86"
              fill="#52525b"
              fontSize="11"
              fontWeight="500"
              letterSpacing="0.5"
              fontFamily="Inter Variable, ui-sans-serif, sans-serif"
            >
              {clip(lines[0], 24)}
            </text>
          )}
          <line x1="196" y1="42" x2="196" y2="96" stroke="#e4e4e7" />
          <text
            x="236"
            y="56"
            textAnchor="middle"
            fill="#52525b"
            fontSize="10"
            fontWeight="600"
            letterSpacing="1"
            fontFamily="Inter Variable, ui-sans-serif, sans-serif"
          >
            {clip(words, 12)}
          </text>
          <text
            x="236"
            y="93"
            textAnchor="middle"
            fill={accent}
            fontSize="32"
            fontWeight="600"
            fontFamily="Fraunces Variable, ui-serif, Georgia, serif"
          >
            {number}
          </text>
        </>
      )}
      <rect x="30" y={raw ? 30 : 120} width="240" height={raw ? 408 : 326} rx="8" fill="#f4f4f5" stroke="#d4d4d8" />
      <rect x="44" y={raw ? 46 : 134} width="212" height={raw ? 376 : 298} rx="6" fill="#e7e5e4" />
      <g fill="#d6d3d1">
        <circle cx="150" cy={raw ? 200 : 250} r="38" />
        <rect x="96" y={raw ? 250 : 300} width="108" height="60" rx="30" />
      </g>
      {lines && (
        <text
          x="150"
          y={raw ? 392 : 410}
          textAnchor="middle"
          fill="#57534e"
          fontSize="15"
          fontWeight="600"
          fontFamily="Inter Variable, ui-sans-serif, sans-serif"
        >
          {clip(lines[1], 22)}
        </text>
      )}
      {raw && (
        <text
          x="150"
          y="100"
          textAnchor="middle"
          fill="#71717a"
          fontSize="14"
          fontWeight="600"
          letterSpacing="3"
          fontFamily="Inter Variable, ui-sans-serif, sans-serif"
        >
          RAW
        </text>
      )}
      <path d="M4 24 Q4 4 24 4 H180 L4 300 Z" fill={`url(#glare-${uid})`} />
    </svg>
  );
}
