import { z } from 'zod';

export const publicConfigSchema = z.object({
  gaMeasurementId: z.string().nullable(),
  geolocationUrl: z.string().nullable(),
  /** A production (staging) site running the test payment provider: every page says so. */
  testPayments: z.boolean().optional(),
  /** Where members are told to write or call (the settings' support contact). */
  support: z.object({ email: z.string(), phone: z.string(), hours: z.string() }).optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
