import { z } from 'zod';
import { groupThousands } from './format.ts';

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

/** The public page also says from when the shown version is in force. */
export const legalPublicPageSchema = legalPageSchema.extend({ effectiveAt: z.string(), summary: z.string().nullable() });
export type LegalPublicPage = z.infer<typeof legalPublicPageSchema>;

export const LEGAL_TITLE_MAX = 120;
export const LEGAL_MARKDOWN_MAX = 100_000;
export const LEGAL_SUMMARY_MAX = 300;

export const legalMessages = {
  titleRequired: 'Enter a title',
  titleTooLong: `Keep the title under ${LEGAL_TITLE_MAX} characters`,
  markdownRequired: 'Write the document before saving',
  // Not toLocaleString: its Intl formatter cost every server start about 20 ms (decision 153).
  markdownTooLong: `The document is longer than ${groupThousands(String(LEGAL_MARKDOWN_MAX))} characters`,
  summaryTooLong: `Keep the summary under ${LEGAL_SUMMARY_MAX} characters`,
  effectiveDate: 'Choose a valid date',
  effectiveInPast: 'The effective date cannot be in the past',
  unchanged: 'Nothing changed since the published version',
  staleTerms: 'A newer version of the Terms of Use is in force; reload to read it',
} as const;

const title = z.string().trim().min(1, legalMessages.titleRequired).max(LEGAL_TITLE_MAX, legalMessages.titleTooLong);
const markdown = z
  .string()
  .refine((s) => s.trim().length > 0, legalMessages.markdownRequired)
  .refine((s) => s.length <= LEGAL_MARKDOWN_MAX, legalMessages.markdownTooLong);

/** PUT /api/admin/legal/{slug}/draft */
export const legalDraftInputSchema = z.object({ title, markdown });
export type LegalDraftInput = z.infer<typeof legalDraftInputSchema>;

/** POST /api/admin/legal/{slug}/publish: the text, a date (UTC, YYYY-MM-DD) it takes effect, a note. */
export const legalPublishInputSchema = z.object({
  title,
  markdown,
  effectiveOn: z.iso.date(legalMessages.effectiveDate),
  summary: z.string().trim().max(LEGAL_SUMMARY_MAX, legalMessages.summaryTooLong).optional().default(''),
});
export type LegalPublishInput = z.input<typeof legalPublishInputSchema>;

/** POST /api/admin/legal/preview: Markdown rendered by the public page's sanitiser. */
export const legalPreviewInputSchema = z.object({ markdown: z.string().max(LEGAL_MARKDOWN_MAX, legalMessages.markdownTooLong) });
export const legalPreviewSchema = z.object({ html: z.string() });

export const legalVersionSummarySchema = z.object({
  version: z.number().int(),
  title: z.string(),
  summary: z.string().nullable(),
  effectiveAt: z.string(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  /** In force now (the newest version whose date has come). */
  current: z.boolean(),
  /** Published with a date still to come. */
  scheduled: z.boolean(),
});
export type LegalVersionSummary = z.infer<typeof legalVersionSummarySchema>;

export const legalDraftSchema = z.object({
  title: z.string(),
  markdown: z.string(),
  baseVersion: z.number().int().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type LegalDraft = z.infer<typeof legalDraftSchema>;

/** GET /api/admin/legal/{slug}: the draft (if any) and every published version, newest first. */
export const legalDocumentSchema = z.object({
  slug: legalSlugSchema,
  draft: legalDraftSchema.nullable(),
  versions: z.array(legalVersionSummarySchema),
  /** Members still to accept the Terms version in force (terms only, else 0). */
  pendingAcceptances: z.number().int(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/** GET /api/admin/legal/{slug}/versions/{version} */
export const legalVersionSchema = legalVersionSummarySchema.extend({ markdown: z.string(), html: z.string() });
export type LegalVersion = z.infer<typeof legalVersionSchema>;

/** POST /api/legal/terms/accept: the version the member read and accepts. */
export const acceptTermsInputSchema = z.object({ version: z.number().int().min(1) });
