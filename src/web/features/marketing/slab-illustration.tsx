import { useId } from 'react';
import { cn } from '#web/lib/utils.ts';

export interface SlabIllustrationProps {
  /** Grade shown large on the label, e.g. "10". */
  grade: string;
  /** Grade words above the number, e.g. "GEM MT". */
  gradeLabel?: string;
  /** Two short label lines: year and set, then number and sport. */
  lines?: [string, string];
  /** Certificate number printed on the label. */
  cert?: string;
  /** Colours of the drawn card face. */
  tone?: 'crimson' | 'ink' | 'slate';
  className?: string;
}

const faces = {
  crimson: { from: '#a12626', to: '#2a0707', ball: '#f4e9e1' },
  ink: { from: '#3a3a40', to: '#0b0b0c', ball: '#e7e5e4' },
  slate: { from: '#58606b', to: '#1c2027', ball: '#f1f1f2' },
} as const;

/**
 * A drawn graded-card slab: clear case, grade label, and an abstract card face.
 * Decorative (aria-hidden): wrap it in a figure with a caption if it carries meaning.
 */
export function SlabIllustration({
  grade,
  gradeLabel = 'GEM MT',
  lines = ['1986 FLEER', '#57 BASKETBALL'],
  cert = '48213907',
  tone = 'crimson',
  className,
}: SlabIllustrationProps) {
  const uid = useId().replace(/:/g, '');
  const face = faces[tone];
  const id = (name: string) => `${name}-${uid}`;
  return (
    <svg
      viewBox="0 0 300 468"
      aria-hidden="true"
      focusable="false"
      className={cn('h-auto w-full select-none', className)}
      xmlns="http://www.w3.org/2000/svg"
    >
      <defs>
        <linearGradient id={id('case')} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fafafa" />
          <stop offset="0.55" stopColor="#e9e9ec" />
          <stop offset="1" stopColor="#d6d6db" />
        </linearGradient>
        <linearGradient id={id('face')} x1="0" y1="0" x2="0.4" y2="1">
          <stop offset="0" stopColor={face.from} />
          <stop offset="1" stopColor={face.to} />
        </linearGradient>
        <linearGradient id={id('glare')} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.55" />
          <stop offset="0.35" stopColor="#ffffff" stopOpacity="0" />
        </linearGradient>
        <clipPath id={id('art')}>
          <rect x="48" y="140" width="204" height="288" rx="4" />
        </clipPath>
      </defs>

      {/* Case */}
      <rect x="4" y="4" width="292" height="460" rx="20" fill={`url(#${id('case')})`} stroke="#c4c4cc" strokeWidth="1.5" />
      <rect x="14" y="14" width="272" height="440" rx="13" fill="none" stroke="#ffffff" strokeOpacity="0.9" strokeWidth="1.5" />

      {/* Label */}
      <rect x="24" y="24" width="252" height="82" rx="6" fill="#ffffff" stroke="#d4d4d8" />
      <rect x="24" y="24" width="252" height="7" rx="3" fill="#8b1a1a" />
      <text x="40" y="58" fill="#0b0b0c" fontSize="15" fontWeight="600" letterSpacing="0.6" fontFamily="Inter Variable, ui-sans-serif, sans-serif">
        {lines[0]}
      </text>
      <text x="40" y="78" fill="#52525b" fontSize="12" fontWeight="500" letterSpacing="0.6" fontFamily="Inter Variable, ui-sans-serif, sans-serif">
        {lines[1]}
      </text>
      <text x="40" y="96" fill="#71717a" fontSize="9.5" letterSpacing="1.2" fontFamily="ui-monospace, SFMono-Regular, Menlo, monospace">
        {cert}
      </text>
      <line x1="196" y1="42" x2="196" y2="96" stroke="#e4e4e7" />
      <text
        x="236"
        y="56"
        textAnchor="middle"
        fill="#52525b"
        fontSize="10"
        fontWeight="600"
        letterSpacing="1.4"
        fontFamily="Inter Variable, ui-sans-serif, sans-serif"
      >
        {gradeLabel}
      </text>
      <text x="236" y="93" textAnchor="middle" fill="#8b1a1a" fontSize="34" fontWeight="600" fontFamily="Fraunces Variable, ui-serif, Georgia, serif">
        {grade}
      </text>

      {/* Card window */}
      <rect x="30" y="120" width="240" height="326" rx="8" fill="#f4f4f5" stroke="#d4d4d8" />
      <rect x="40" y="132" width="220" height="304" rx="6" fill="#f7f1e6" stroke="#e7dcc8" />
      <g clipPath={`url(#${id('art')})`}>
        <rect x="48" y="140" width="204" height="288" fill={`url(#${id('face')})`} />
        {/* Court lines */}
        <path d="M48 330 Q150 290 252 330" stroke="#ffffff" strokeOpacity="0.12" strokeWidth="2" fill="none" />
        <path d="M48 360 Q150 320 252 360" stroke="#ffffff" strokeOpacity="0.08" strokeWidth="2" fill="none" />
        {/* Rays */}
        <g stroke="#ffffff" strokeOpacity="0.07" strokeWidth="14">
          <line x1="150" y1="250" x2="40" y2="120" />
          <line x1="150" y1="250" x2="150" y2="110" />
          <line x1="150" y1="250" x2="270" y2="120" />
          <line x1="150" y1="250" x2="290" y2="250" />
          <line x1="150" y1="250" x2="10" y2="250" />
        </g>
        {/* Ball */}
        <circle cx="150" cy="236" r="56" fill={face.ball} />
        <g stroke={face.to} strokeOpacity="0.55" strokeWidth="3" fill="none">
          <path d="M94 236 H206" />
          <path d="M150 180 V292" />
          <path d="M111 196 Q134 236 111 276" />
          <path d="M189 196 Q166 236 189 276" />
        </g>
        {/* Nameplate */}
        <rect x="48" y="384" width="204" height="44" fill="#0b0b0c" fillOpacity="0.55" />
        <rect x="62" y="398" width="92" height="7" rx="3.5" fill="#ffffff" fillOpacity="0.85" />
        <rect x="62" y="411" width="56" height="5" rx="2.5" fill="#ffffff" fillOpacity="0.45" />
        <circle cx="230" cy="406" r="11" fill="none" stroke="#ffffff" strokeOpacity="0.6" strokeWidth="2" />
        <path d="M230 399 L232 404.5 L237.5 406 L232 407.5 L230 413 L228 407.5 L222.5 406 L228 404.5 Z" fill="#ffffff" fillOpacity="0.8" />
      </g>

      {/* Glare */}
      <path d="M4 24 Q4 4 24 4 H180 L4 300 Z" fill={`url(#${id('glare')})`} />
    </svg>
  );
}
