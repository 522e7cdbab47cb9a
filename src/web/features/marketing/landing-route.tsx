import { LandingPage } from './landing-page.tsx';

export default function LandingRoute() {
  return <LandingPage />;
}
