import { useEffect } from 'react';
import type { LandingPageProps } from './landing-parts.tsx';
import { Hero, Membership } from './landing-hero.tsx';
import { ClosingCta, HowItWorks, IndexSection, Security } from './landing-sections.tsx';

export type { LandingPageProps };

export function LandingPage({ onRequestAccess }: LandingPageProps) {
  useEffect(() => {
    document.title = 'Private registry and marketplace for graded sports cards';
  }, []);
  return (
    <>
      <Hero onRequestAccess={onRequestAccess} />
      <Membership />
      <IndexSection />
      <HowItWorks onRequestAccess={onRequestAccess} />
      <Security />
      <ClosingCta onRequestAccess={onRequestAccess} />
    </>
  );
}
