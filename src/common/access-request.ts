import { z } from 'zod';
import type { TransitionMap } from './transitions.ts';
import { INVALID_PHONE_MESSAGE, normalizePhone, PHONE_MIN_LENGTH } from './phone.ts';

/** Spec §5 and §8, letter for letter. */
export const accessRequestMessages = {
  phoneMin: 'Phone number must be at least 10 digits',
  phoneInvalid: INVALID_PHONE_MESSAGE,
  terms: 'You must accept the Terms of Use to continue',
  privacy: 'You must accept the Privacy and Cookie Policy to continue',
  instagramOrReferral: 'Either Instagram username or Referral is required',
  instagramFormat: 'Instagram usernames use only letters, numbers, periods and underscores',
  referralMax: 'Referral must be at most 200 characters',
  note: 'By request only. All applications are subject to approval.',
  sentTitle: 'Request sent',
  sentDescription: 'Your request for access has been received. You may now close this window.',
  failedTitle: 'Request failed',
  failedDescription: "We couldn't process your access request. Please try again later.",
} as const;

export const INSTAGRAM_MAX_LENGTH = 30;
export const REFERRAL_MAX_LENGTH = 200;

/** '@name', 'instagram.com/name' and ' name ' all mean 'name'; empty means none. */
export function cleanInstagram(value: string): string {
  return value
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?instagram\.com\//i, '')
    .replace(/\/+$/, '')
    .replace(/^@+/, '')
    .trim();
}

/** Empty string, null and a missing field all mean "not given", on the form and on the server. */
const optionalText = () =>
  z
    .string()
    .nullish()
    .transform((v) => v ?? '');

const instagramSchema = optionalText()
  .transform((v) => cleanInstagram(v))
  .pipe(
    z.union([
      z.literal(''),
      z
        .string()
        .max(INSTAGRAM_MAX_LENGTH, accessRequestMessages.instagramFormat)
        .regex(/^[A-Za-z0-9._]+$/, accessRequestMessages.instagramFormat),
    ]),
  )
  .transform((v) => (v === '' ? null : v));

const referralSchema = optionalText()
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(z.string().max(REFERRAL_MAX_LENGTH, accessRequestMessages.referralMax))
  .transform((v) => (v === '' ? null : v));

/** At least 10 characters (spec §5), then a real number, stored as E.164. */
const accessPhoneSchema = z
  .string({ error: accessRequestMessages.phoneMin })
  .trim()
  .min(PHONE_MIN_LENGTH, accessRequestMessages.phoneMin)
  .max(32, accessRequestMessages.phoneInvalid)
  .transform((value, ctx) => {
    const e164 = normalizePhone(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: accessRequestMessages.phoneInvalid });
      return z.NEVER;
    }
    return e164;
  });

const mustAccept = (message: string) =>
  z
    .boolean({ error: message })
    .refine((v) => v === true, message)
    .transform(() => true as const);

/**
 * The one access-request contract (spec §3 and §5), used by the Request Private Access form
 * and by POST /api/request-access.
 */
export const accessRequestSchema = z
  .object({
    phone: accessPhoneSchema,
    instagram: instagramSchema,
    referral: referralSchema,
    termsAccepted: mustAccept(accessRequestMessages.terms),
    privacyAccepted: mustAccept(accessRequestMessages.privacy),
    marketingOptIn: z.boolean().default(false),
    smsOptIn: z.boolean().default(false),
  })
  .refine(
    (v) => {
      const raw = v as { instagram?: unknown; referral?: unknown };
      const has = (x: unknown) => typeof x === 'string' && x.trim().replace(/^@+/, '').trim() !== '';
      return has(raw.instagram) || has(raw.referral);
    },
    {
      message: accessRequestMessages.instagramOrReferral,
      path: ['instagram'],
      // Shown together with the other fields' messages, not only once they are fixed.
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    },
  );

export type AccessRequestInput = z.input<typeof accessRequestSchema>;
export type AccessRequest = z.output<typeof accessRequestSchema>;

/** The form's starting values (and what it resets to). */
export const emptyAccessRequest = {
  phone: '',
  instagram: '',
  referral: '',
  termsAccepted: false,
  privacyAccepted: false,
  marketingOptIn: false,
  smsOptIn: false,
} satisfies AccessRequestInput;

/** The same neutral answer for every accepted request: new, repeated, or from a member. */
export const accessRequestResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
});
export type AccessRequestResponse = z.infer<typeof accessRequestResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Admin review (/admin/access-requests)

export const accessRequestStatuses = ['pending', 'approved', 'rejected'] as const;
export const accessRequestStatusSchema = z.enum(accessRequestStatuses);
export type AccessRequestStatus = z.infer<typeof accessRequestStatusSchema>;
/** Reviewed once. */
export const accessRequestTransitions: TransitionMap<AccessRequestStatus> = {
  pending: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

export const ACCESS_REQUESTS_PAGE_SIZE = 25;
export const RECENT_ACCESS_REQUESTS = 5;

/** A pending request keeps its first fields; repeats are recorded beside it, the latest few kept. */
export const LATER_SUBMISSIONS_KEPT = 5;
export const laterSubmissionSchema = z.object({
  at: z.string(),
  instagram: z.string().nullable(),
  referral: z.string().nullable(),
  marketingOptIn: z.boolean(),
  smsOptIn: z.boolean(),
});
export type LaterSubmission = z.infer<typeof laterSubmissionSchema>;

export const adminAccessRequestsQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), accessRequestStatusSchema.optional()),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminAccessRequestsQuery = z.input<typeof adminAccessRequestsQuerySchema>;

export const adminAccessRequestSchema = z.object({
  id: z.uuid(),
  phone: z.string(),
  instagram: z.string().nullable(),
  referral: z.string().nullable(),
  termsAccepted: z.boolean(),
  /** The Terms of Use version ticked (in force when the request was made). */
  termsVersion: z.number().int().nullable().optional(),
  privacyAccepted: z.boolean(),
  marketingOptIn: z.boolean(),
  smsOptIn: z.boolean(),
  status: accessRequestStatusSchema,
  note: z.string().nullable(),
  reviewer: z.object({ id: z.uuid(), name: z.string().nullable(), phone: z.string() }).nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether a member account already exists for this phone. */
  isMember: z.boolean(),
  /** Repeats of this pending request (the latest LATER_SUBMISSIONS_KEPT), and how many there were. */
  laterSubmissions: z.array(laterSubmissionSchema),
  laterCount: z.number().int(),
});
export type AdminAccessRequest = z.infer<typeof adminAccessRequestSchema>;

export const adminAccessRequestsResponseSchema = z.object({
  requests: z.array(adminAccessRequestSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  counts: z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
});
export type AdminAccessRequestsResponse = z.infer<typeof adminAccessRequestsResponseSchema>;

export const recentAccessRequestsResponseSchema = z.object({ requests: z.array(adminAccessRequestSchema) });
export type RecentAccessRequestsResponse = z.infer<typeof recentAccessRequestsResponseSchema>;

export const REVIEW_NOTE_MAX_LENGTH = 500;

export const reviewAccessRequestSchema = z.strictObject({
  status: z.enum(['approved', 'rejected'], { error: 'Choose approved or rejected' }),
  note: z
    .string()
    .trim()
    .max(REVIEW_NOTE_MAX_LENGTH, `Note must be at most ${REVIEW_NOTE_MAX_LENGTH} characters`)
    .optional()
    .transform((v) => (v ? v : null)),
  /** Rejections send an SMS only when asked; approvals always tell the person how to sign in. */
  notify: z.boolean().optional().default(false),
});
export type ReviewAccessRequestInput = z.input<typeof reviewAccessRequestSchema>;

export const reviewAccessRequestResponseSchema = z.object({
  request: adminAccessRequestSchema,
  sms: z.object({ sent: z.boolean(), status: z.string().nullable(), reason: z.string().nullable() }),
});
export type ReviewAccessRequestResponse = z.infer<typeof reviewAccessRequestResponseSchema>;

/** What the person is told by SMS. The product's name is never used. */
export function approvalSmsBody(appOrigin: string) {
  return `Your request for access has been approved. Sign in at ${appOrigin} with this phone number and we will text you a one-time code.`;
}
export const REJECTION_SMS_BODY = 'Your request for access was not approved. Please contact support for more information.';
