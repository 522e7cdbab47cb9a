import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

export interface LogoProps extends Omit<ComponentProps<'svg'>, 'children'> {
  /** Accessible name of the mark. The product's name is never shown (spec §1). */
  label?: string;
  /** Hide from assistive technology when the surrounding control already names it. */
  decorative?: boolean;
  /** `dark` for light backgrounds; `light` for the dark red-to-black bars. */
  tone?: 'dark' | 'light';
}

/**
 * The brand mark: a graded-card slab (crimson grade label, card window) holding a four-point
 * star. Same drawing as public/logo-mark.svg, inlined so it inherits no extra request.
 */
export function Logo({ label = 'Home', decorative = false, tone = 'dark', className, ...props }: LogoProps) {
  const body = tone === 'dark' ? '#0b0b0c' : '#ffffff';
  const window = tone === 'dark' ? '#1c1c1f' : '#f1f1f2';
  const ink = tone === 'dark' ? '#ffffff' : '#0b0b0c';
  const a11y = decorative ? { 'aria-hidden': true as const } : { role: 'img', 'aria-label': label };
  return (
    <svg
      viewBox="0 0 48 48"
      xmlns="http://www.w3.org/2000/svg"
      focusable="false"
      data-slot="logo"
      className={cn('size-9 shrink-0', className)}
      {...a11y}
      {...props}
    >
      <rect x="10" y="2.5" width="28" height="43" rx="5" fill={body} />
      <rect x="12.5" y="5" width="23" height="38" rx="3" fill="none" stroke={ink} strokeOpacity="0.16" />
      <rect x="13.5" y="6.5" width="21" height="9" rx="1.5" fill="#8b1a1a" />
      <rect x="15.75" y="9" width="9" height="1.6" rx="0.8" fill="#ffffff" fillOpacity="0.92" />
      <rect x="15.75" y="11.8" width="5.5" height="1.4" rx="0.7" fill="#ffffff" fillOpacity="0.55" />
      <rect x="27.75" y="8.5" width="4.75" height="5" rx="1" fill="#ffffff" />
      <rect x="13.5" y="18" width="21" height="23.5" rx="1.5" fill={window} />
      <path
        d="M24 21.75C24.85 27.2 25.55 27.9 31 29.5C25.55 31.1 24.85 31.8 24 37.25C23.15 31.8 22.45 31.1 17 29.5C22.45 27.9 23.15 27.2 24 21.75Z"
        fill={ink}
      />
      <path
        d="M24 26.6C24.3 28.6 24.6 28.9 26.5 29.5C24.6 30.1 24.3 30.4 24 32.4C23.7 30.4 23.4 30.1 21.5 29.5C23.4 28.9 23.7 28.6 24 26.6Z"
        fill="#8b1a1a"
      />
    </svg>
  );
}
