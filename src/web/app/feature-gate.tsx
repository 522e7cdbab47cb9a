import type { ReactNode } from 'react';
import { featureOfPage, featureOpen } from '#common/feature-switches.ts';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { NotFoundPage } from '#web/features/not-found/not-found-page.tsx';

/** A member page of a switched-off feature is not found, as its API routes are (decision 100). */
export function FeatureGate({ path, children }: { path: string; children: ReactNode }) {
  const { data: user } = useCurrentUser();
  const feature = featureOfPage(path);
  if (feature && user && !featureOpen(user, feature)) return <NotFoundPage home="dashboard" />;
  return children;
}
