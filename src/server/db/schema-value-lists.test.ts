import { describe, expect, it } from 'vitest';
import { kycContentTypes, kycDocumentStatuses, kycDocumentTypes } from '#common/kyc.ts';
import { onboardingStatuses, tierIds } from '#common/onboarding.ts';
import { kycDocuments, onboardingEvents, onboardings } from './schema/onboarding.ts';

// The schema takes its value lists from #common, so a status added there reaches the database column.
describe('schema value lists', () => {
  it('uses the common arrays themselves, not copies', () => {
    expect(onboardings.status.enumValues).toBe(onboardingStatuses);
    expect(onboardingEvents.fromStatus.enumValues).toBe(onboardingStatuses);
    expect(onboardingEvents.toStatus.enumValues).toBe(onboardingStatuses);
    expect(onboardings.tier.enumValues).toBe(tierIds);
    expect(onboardings.suggestedTier.enumValues).toBe(tierIds);
    expect(kycDocuments.type.enumValues).toBe(kycDocumentTypes);
    expect(kycDocuments.status.enumValues).toBe(kycDocumentStatuses);
    expect(kycDocuments.contentType.enumValues).toBe(kycContentTypes);
  });
});
