import type { LegalSlug } from '#common/legal.ts';

/** Query keys of the legal pages; each starts with its GET path. */
export const legalKeys = {
  all: ['/api/legal'] as const,
  page: (slug: LegalSlug) => [...legalKeys.all, slug] as const,
  adminAll: ['/api/admin/legal'] as const,
  document: (slug: LegalSlug) => [...legalKeys.adminAll, slug] as const,
  version: (slug: LegalSlug, version: number) => [...legalKeys.adminAll, slug, 'versions', version] as const,
};
