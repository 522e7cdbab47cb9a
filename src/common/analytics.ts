import { z } from 'zod';

export const pageViewInputSchema = z.object({
  path: z.string().min(1).max(2048).startsWith('/'),
  referrer: z.string().max(2048).optional(),
});
export type PageViewInput = z.infer<typeof pageViewInputSchema>;
