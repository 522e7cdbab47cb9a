import { z } from 'zod';

/** Anyone may send page views, so a row stays small: long paths are refused, referrers cut. */
export const PAGE_VIEW_FIELD_MAX = 512;

export const pageViewInputSchema = z.object({
  path: z.string().min(1).max(PAGE_VIEW_FIELD_MAX).startsWith('/'),
  referrer: z
    .string()
    .max(8192)
    .optional()
    .transform((v) => v?.slice(0, PAGE_VIEW_FIELD_MAX)),
});
export type PageViewInput = z.infer<typeof pageViewInputSchema>;
