import { PageQuery } from '#web/components/page-query.tsx';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useAdminSettings } from './api/get-admin-settings.ts';
import { FeaturesSection } from './sections/features-section.tsx';
import { IndexSection } from './sections/index-section.tsx';
import { LendingSection } from './sections/lending-section.tsx';
import { MarketplaceSection } from './sections/marketplace-section.tsx';
import { SupportSection } from './sections/support-section.tsx';
import { TiersSection } from './sections/tiers-section.tsx';
import { VaultSection } from './sections/vault-section.tsx';
import { WireSection } from './sections/wire-section.tsx';

/** /admin/settings: one card per settings section, each saved on its own. */
export default function AdminSettingsPage() {
  const settings = useAdminSettings();
  return (
    <div className="grid gap-6 px-4 py-8 sm:px-8">
      <PageHeader
        eyebrow="Admin"
        title="Settings"
        description="Platform settings. Each section saves on its own; every change is recorded in the audit log and the other admins are told."
      />
      <PageQuery query={settings} loadingLabel="Loading settings" errorTitle="We couldn't load the settings">
        {({ sections, feeTemplates }) => (
          <div className="grid max-w-5xl gap-6">
            <FeaturesSection value={sections.features} />
            <SupportSection value={sections.support} />
            <WireSection value={sections.onboarding} />
            <TiersSection value={sections.onboarding} />
            <LendingSection value={sections.lending} templates={feeTemplates} />
            <MarketplaceSection value={sections.marketplace} templates={feeTemplates} />
            <IndexSection value={sections.index} />
            <VaultSection value={sections.vault} />
          </div>
        )}
      </PageQuery>
    </div>
  );
}
