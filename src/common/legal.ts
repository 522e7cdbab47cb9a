import { z } from 'zod';

export const legalSlugs = ['terms', 'privacy', 'cookies'] as const;
export const legalSlugSchema = z.enum(legalSlugs);
export type LegalSlug = z.infer<typeof legalSlugSchema>;

export const legalPageSchema = z.object({
  slug: legalSlugSchema,
  title: z.string(),
  version: z.number().int(),
  html: z.string(),
  updatedAt: z.string(),
});
export type LegalPage = z.infer<typeof legalPageSchema>;
