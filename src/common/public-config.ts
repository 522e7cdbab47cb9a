import { z } from 'zod';

export const publicConfigSchema = z.object({
  gaMeasurementId: z.string().nullable(),
  geolocationUrl: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
