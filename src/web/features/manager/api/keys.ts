import type { OnboardingStatus } from '#common/onboarding.ts';

/** Query keys of the manager's clients; each starts with its GET path. Invalidating `clients` refreshes lists and details. */
export const managerKeys = {
  clients: ['/api/manager/clients'] as const,
  list: (status: OnboardingStatus | undefined) => [...managerKeys.clients, { status }] as const,
  client: (id: string) => [...managerKeys.clients, id] as const,
  /** Under the client, so confirming the deposit refreshes the positions it creates. */
  fundPositions: (id: string) => [...managerKeys.client(id), 'fund-positions'] as const,
};
