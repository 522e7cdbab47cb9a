import { describe, expect, it } from 'vitest';
import { kycContentTypes, kycDocumentStatuses, kycDocumentTypes } from '#common/kyc.ts';
import { accessRequestStatuses } from '#common/access-request.ts';
import { userStatuses } from '#common/auth.ts';
import { onboardingStatuses, tierIds } from '#common/onboarding.ts';
import { smsDirections } from '#common/sms-convos.ts';
import { cardEventKinds, custodyStates, graders, sports } from '#common/cards.ts';
import { cardEvents, cards } from './schema/cards.ts';
import { feeAppliesTo, invoiceRelatedKinds, invoiceStatuses, paymentProviders, paymentStatuses, subscriptionStatuses } from '#common/money.ts';
import { feeTemplates, invoices, payments, subscriptions } from './schema/money.ts';
import { kycDocuments, onboardingEvents, onboardings } from './schema/onboarding.ts';
import { smsMessages } from './schema/sms.ts';
import { accessRequests, users } from './schema/users.ts';

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
    expect(users.status.enumValues).toBe(userStatuses);
    expect(accessRequests.status.enumValues).toBe(accessRequestStatuses);
    expect(smsMessages.direction.enumValues).toBe(smsDirections);
    expect(cards.grader.enumValues).toBe(graders);
    expect(cards.custody.enumValues).toBe(custodyStates);
    expect(cards.sport.enumValues).toBe(sports);
    expect(cardEvents.kind.enumValues).toBe(cardEventKinds);
    expect(feeTemplates.appliesTo.enumValues).toBe(feeAppliesTo);
    expect(invoices.status.enumValues).toBe(invoiceStatuses);
    expect(invoices.relatedKind.enumValues).toBe(invoiceRelatedKinds);
    expect(payments.provider.enumValues).toBe(paymentProviders);
    expect(payments.status.enumValues).toBe(paymentStatuses);
    expect(subscriptions.status.enumValues).toBe(subscriptionStatuses);
  });
});
