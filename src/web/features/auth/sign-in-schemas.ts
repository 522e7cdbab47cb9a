import { z } from 'zod';
import { emailSchema, nameSchema, OTP_LENGTH } from '#common/auth.ts';
import { phoneSchema } from '#common/phone.ts';

export const OTP_MESSAGE = 'OTP must be 6 digits';

/** Step 1 (spec §5): at least 10 characters, 'Please enter a valid phone number'; out comes E.164. */
export const phoneStepSchema = z.object({ phone: phoneSchema });

/** The code as sent: every non-digit stripped, trimmed, exactly six digits. */
export const otpCodeSchema = z
  .string()
  .transform((v) => v.replace(/\D/g, '').trim())
  .pipe(z.string().length(OTP_LENGTH, OTP_MESSAGE));

/** Step 2: the code, and the optional name and email for a new profile. */
export const otpStepSchema = z.object({
  otp: otpCodeSchema,
  name: nameSchema,
  email: emailSchema,
});

export type PhoneStepInput = z.input<typeof phoneStepSchema>;
export type PhoneStepValues = z.output<typeof phoneStepSchema>;
export type OtpStepInput = z.input<typeof otpStepSchema>;
export type OtpStepValues = z.output<typeof otpStepSchema>;
