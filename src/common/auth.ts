import { z } from 'zod';
import { featureSwitchesSchema } from './feature-switches.schema.ts';
import { phoneSchema } from './phone.ts';
import type { TransitionMap } from './transitions.ts';

// Spec §9 and security-tests.md.
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 5 * 60;
/** Wrong codes from one client address that kill a code for that address (a new send is needed). */
export const OTP_MAX_ATTEMPTS = 5;
/**
 * Wrong codes for one phone from all addresses together in an hour: past it, the phone's codes are
 * refused to every caller without the phone's device cookie (decision 129).
 */
export const OTP_MAX_FAILURES_PER_PHONE_PER_HOUR = 20;
export const OTP_RESEND_COOLDOWN_SECONDS = 30;
/** Sends to one phone from one client address: what one person asking again and again needs. */
export const OTP_MAX_SENDS_PER_PHONE_PER_IP_PER_HOUR = 5;
/**
 * Sends to one phone from all addresses together: higher than one address's share. Strangers can
 * still spend it, so a device that signed in to this phone before is not held to it (decision 129).
 */
export const OTP_MAX_SENDS_PER_PHONE_PER_HOUR = 10;
export const OTP_MAX_SENDS_PER_IP_PER_HOUR = 20;
/** The httpOnly cookie that marks a device which signed in to a phone before (decision 129). */
export const OTP_DEVICE_COOKIE = 'otp_device';
export const OTP_DEVICE_MAX_AGE_SECONDS = 180 * 86_400;
/** Absolute session lifetime, the spec's auth cookie lifetime. */
export const SESSION_MAX_AGE_SECONDS = 28_800;
export const IMPERSONATION_MAX_SECONDS = 60 * 60;

export const SESSION_COOKIE = 'session';
export const AUTH_TOKEN_HEADER = 'x-auth-token';
export const USER_ID_HEADER = 'x-user-id';
export const CLIENT_ID_HEADER = 'x-client-id';
export const CLIENT_ID = 'web';

export const messages = {
  otpFormat: 'OTP must be 6 digits',
  invalidEmail: 'Invalid email address',
  invalidCode: 'Invalid verification code',
  codeExpired: 'Verification code expired. Send a new code.',
  codeSent: 'Verification code sent',
  tooManyRequests: 'Too many verification requests. Please try again later.',
  impersonationReadOnly: 'Impersonation is read-only: this change must be made by the member',
  /** send-otp for a number that replied STOP to our SMS number: no code can reach it until START. */
  smsOptedOut: (smsNumber: string) => `This number replied STOP; text START to ${smsNumber} to receive codes`,
} as const;

export const otpSchema = z
  .string({ error: messages.otpFormat })
  .trim()
  .regex(/^\d{6}$/, messages.otpFormat);

/** Optional, but valid or empty ('' means "no email"). */
export const emailSchema = z
  .string({ error: messages.invalidEmail })
  .trim()
  .max(254, messages.invalidEmail)
  .refine((v) => v === '' || z.email().safeParse(v).success, messages.invalidEmail);

/**
 * Bidirectional overrides and invisible characters can make one name read as another in a list
 * (e.g. U+202E reverses what follows), so person names may not contain them.
 */
export const HIDDEN_CHARACTERS = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;
export const NAME_HIDDEN_CHARACTERS_MESSAGE = 'Names may not contain invisible or text-direction characters';

/** A person's name: trimmed, visible characters only. */
export const personName = (schema: z.ZodString) => schema.refine((v) => !HIDDEN_CHARACTERS.test(v), NAME_HIDDEN_CHARACTERS_MESSAGE);

export const nameSchema = personName(z.string().trim().max(100, 'Name must be at most 100 characters'));

export const profileDataSchema = z.object({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
});
export type ProfileData = z.infer<typeof profileDataSchema>;

export const sendOtpInputSchema = z.object({ phone: phoneSchema });
export type SendOtpInput = z.input<typeof sendOtpInputSchema>;

export const sendOtpResponseSchema = z.object({ status: z.literal('success'), message: z.string() });

/** Why send-otp sent nothing to a number that replied STOP (a 409 body's `reason`). */
export const SMS_OPTED_OUT_REASON = 'sms_opted_out';

/** '' is treated as absent: a sign-in form may send an empty target field. */
const optionalTargetPhone = z.preprocess((v) => (v === '' || v === null ? undefined : v), phoneSchema.optional());

export const verifyOtpInputSchema = z.object({
  phone: phoneSchema,
  otp: otpSchema,
  targetUserPhone: optionalTargetPhone,
  profileData: profileDataSchema.optional(),
});
export type VerifyOtpInput = z.input<typeof verifyOtpInputSchema>;

/** The spec names the code both `otp` (§7) and `code` (§3); either is accepted. */
export const registerInputSchema = z
  .object({
    phone: phoneSchema,
    otp: otpSchema.optional(),
    code: otpSchema.optional(),
    name: nameSchema.optional(),
    email: emailSchema.optional(),
    profileData: profileDataSchema.optional(),
  })
  .refine((v) => v.otp !== undefined || v.code !== undefined, { message: messages.otpFormat, path: ['otp'] });
export type RegisterInput = z.input<typeof registerInputSchema>;

export const sessionUserSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  phone: z.string(),
  isAdmin: z.boolean(),
  isManager: z.boolean(),
  isImpersonated: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  status: z.literal('success'),
  authToken: z.string(),
  user: sessionUserSchema,
  /** True on the user's very first sign-in (so the app greets "Welcome", not "Welcome back"). */
  firstSignIn: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  phone: z.string(),
  isImpersonated: z.boolean(),
  isAuthenticated: z.literal(true),
  isAdmin: z.boolean(),
  isManager: z.boolean(),
  /** A Terms of Use version in force that this user has yet to accept (never while impersonating). */
  termsToAccept: z.number().int().nullable().optional(),
  /** The feature switches: members see the links and pages of the switched-on features only. */
  features: featureSwitchesSchema.optional(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const okResponseSchema = z.object({ status: z.literal('success') });

// Profile (GET/PATCH /api/user/profile). The phone is not changeable here.
export const profileSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  phone: z.string(),
  email: z.string().nullable(),
  marketingOptIn: z.boolean(),
  smsOptIn: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profilePatchSchema = z.strictObject({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  marketingOptIn: z.boolean().optional(),
  smsOptIn: z.boolean().optional(),
});
export type ProfilePatch = z.input<typeof profilePatchSchema>;

// Admin user access (/admin/user-access).
export const userStatuses = ['active', 'suspended'] as const;
export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;
export const userTransitions: TransitionMap<UserStatus> = {
  active: ['suspended'],
  suspended: ['active'],
};

export const adminUserSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  phone: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  isManager: z.boolean(),
  status: userStatusSchema,
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const ADMIN_USERS_PAGE_SIZE = 25;

export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminUserPatchSchema = z
  .strictObject({
    isAdmin: z.boolean().optional(),
    isManager: z.boolean().optional(),
    status: userStatusSchema.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;
