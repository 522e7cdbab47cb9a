import { z } from 'zod';
import { certNumberSchema, graders } from './cards.ts';

/** Graders whose slabs carry a certificate number (a raw card has none to check). */
export const verifiableGraders = graders.filter((g) => g !== 'raw');
export type VerifiableGrader = (typeof verifiableGraders)[number];

export const verifyMessages = {
  notHeld: 'We do not hold a slab with this certificate number.',
  graderRequired: 'Choose the grading company',
  tooMany: 'Too many checks from your address. Please wait a minute and try again.',
} as const;

export const verifyParamsSchema = z.object({
  grader: z.enum(verifiableGraders as [VerifiableGrader, ...VerifiableGrader[]], { error: verifyMessages.graderRequired }),
  certNumber: certNumberSchema,
});
export type VerifyParams = z.infer<typeof verifyParamsSchema>;

/** What anyone may learn of a slab we hold: nothing about its owner or its value. */
export const verifyResponseSchema = z.object({
  grader: z.enum(verifiableGraders as [VerifiableGrader, ...VerifiableGrader[]]),
  certNumber: z.string(),
  /** In our vault now. */
  inVault: z.boolean(),
  /** When it last came into the vault (ISO time), or null when it is not there now. */
  since: z.string().nullable(),
  /** The grade as the grader states it (PSA's own words when we hold PSA's record). */
  grade: z.string().nullable(),
  /** Year, set, subject, number and variety, as the grader states them. */
  description: z.string(),
  /** The last time we checked the certificate against PSA's records (ISO time), or null. */
  lastCheckedAt: z.string().nullable(),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;
