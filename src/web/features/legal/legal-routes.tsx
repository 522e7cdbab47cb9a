import { LegalPage } from './legal-page.tsx';

export const TermsRoute = () => <LegalPage slug="terms" />;
export const PrivacyRoute = () => <LegalPage slug="privacy" />;
export const CookiesRoute = () => <LegalPage slug="cookies" />;
