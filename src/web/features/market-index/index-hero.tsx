import type { ReactNode } from 'react';

/** The index pages' band: the brand's dark red-to-black gradient with light text. */
export function IndexHero({ children }: { children: ReactNode }) {
  return (
    <section data-testid="index-hero" className="bg-gradient-to-r from-[#5c0f0f] via-[#2a0707] to-black text-white">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}
