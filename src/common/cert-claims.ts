import { z } from 'zod';
import { certNumberSchema, graders, type Grader } from './cards.ts';
import type { TransitionMap } from './transitions.ts';

/**
 * Certificate claims (decision 130): a member who holds a slab whose certificate is already
 * registered to someone else asks for the card, with photos of the slab; an admin decides.
 */

export const certClaimStatuses = ['open', 'approved', 'rejected', 'withdrawn'] as const;
export type CertClaimStatus = (typeof certClaimStatuses)[number];

export const certClaimStatusLabels: Record<CertClaimStatus, string> = {
  open: 'Under review',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/** An open claim is decided by an admin or withdrawn by its claimant; the others are final. */
export const certClaimTransitions: TransitionMap<CertClaimStatus> = {
  open: ['approved', 'rejected', 'withdrawn'],
  approved: [],
  rejected: [],
  withdrawn: [],
};

export const certClaimPhotoSides = ['front', 'back'] as const;
export type CertClaimPhotoSide = (typeof certClaimPhotoSides)[number];

/** security-tests.md (uploads): JPEG or PNG by content, at most 10 MB each. */
export const CERT_CLAIM_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const certClaimPhotoContentTypes = ['image/jpeg', 'image/png'] as const;
export type CertClaimPhotoContentType = (typeof certClaimPhotoContentTypes)[number];
export const CERT_CLAIM_PHOTO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
export const CERT_CLAIM_MESSAGE_MAX = 1000;
export const CERT_CLAIM_NOTE_MAX = 500;
/** A member may have at most this many claims open at once. */
export const CERT_CLAIM_OPEN_MAX = 10;

export const certClaimMessages = {
  registeredElsewhere: 'This certificate is registered by another member. If the slab is in your hands, you can claim it.',
  alreadyYours: 'This certificate is already in your registry',
  notRegistered: 'No member has registered this certificate; add it to your registry instead',
  rawHasNoCert: 'A raw card has no certificate to claim',
  photoType: 'Photos must be JPEG or PNG images',
  photoTooLarge: 'Each photo can be at most 10 MB',
  photoMissing: (side: CertClaimPhotoSide) => `Add a photo of the slab's ${side}`,
  messageTooLong: `At most ${CERT_CLAIM_MESSAGE_MAX} characters`,
  noteTooLong: `At most ${CERT_CLAIM_NOTE_MAX} characters`,
  rejectReason: 'Give a reason so the member knows why',
  alreadyOpen: 'You already have an open claim for this certificate',
  tooManyOpen: `You can have at most ${CERT_CLAIM_OPEN_MAX} claims open at once`,
  notFound: 'Claim not found',
  stale: (current: CertClaimStatus) => `This claim is already ${certClaimStatusLabels[current].toLowerCase()}`,
  cardGone: 'The card is no longer in the registry; the claimant can now register the certificate',
  cardNotWithOwner: 'The card is in transit or in the vault; settle its custody before moving it to another member',
  cardAlreadyClaimants: 'The card already belongs to the claimant',
  ownClaim: 'You cannot decide your own claim',
} as const;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/** The text fields of POST /api/cert-claims (multipart, beside the `front` and `back` photos). */
export const createCertClaimFieldsSchema = z.strictObject({
  grader: z.enum(graders.filter((g) => g !== 'raw') as [Exclude<Grader, 'raw'>, ...Exclude<Grader, 'raw'>[]], {
    error: certClaimMessages.rawHasNoCert,
  }),
  certNumber: certNumberSchema,
  message: optionalText(CERT_CLAIM_MESSAGE_MAX, certClaimMessages.messageTooLong),
});
export type CreateCertClaimFields = z.input<typeof createCertClaimFieldsSchema>;

/** PATCH /api/admin/cert-claims/{id}: approve, or reject with a reason. */
export const decideCertClaimSchema = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('approved'), note: optionalText(CERT_CLAIM_NOTE_MAX, certClaimMessages.noteTooLong) }),
  z.strictObject({
    decision: z.literal('rejected'),
    note: z
      .string({ error: certClaimMessages.rejectReason })
      .trim()
      .min(1, certClaimMessages.rejectReason)
      .max(CERT_CLAIM_NOTE_MAX, certClaimMessages.noteTooLong),
  }),
]);
export type DecideCertClaimInput = z.input<typeof decideCertClaimSchema>;

export const certClaimIdParamsSchema = z.object({ id: z.uuid({ error: certClaimMessages.notFound }) });
export const certClaimPhotoParamsSchema = z.object({
  id: z.uuid({ error: certClaimMessages.notFound }),
  side: z.enum(certClaimPhotoSides),
});
export const certClaimPhotoQuerySchema = z.object({ inline: z.enum(['1', 'true']).optional() });

export const adminCertClaimsQuerySchema = z.object({ status: z.enum(certClaimStatuses).optional() });

const photoSchema = z.object({ url: z.string(), contentType: z.enum(certClaimPhotoContentTypes), sizeBytes: z.number() });

/** A claim as its claimant sees it: never the current holder's identity. */
export const certClaimSchema = z.object({
  id: z.string(),
  status: z.enum(certClaimStatuses),
  grader: z.enum(graders),
  certNumber: z.string(),
  message: z.string().nullable(),
  /** The admin's reason (a rejection) or note (an approval). */
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The card, described (player, year, set, grade), so the claimant knows what was decided. */
  card: z.object({ id: z.string(), subject: z.string(), year: z.number(), brand: z.string(), grade: z.string().nullable() }),
  photos: z.object({ front: photoSchema, back: photoSchema }),
  createdAt: z.string(),
});
export type CertClaim = z.infer<typeof certClaimSchema>;
export const certClaimsResponseSchema = z.object({ claims: z.array(certClaimSchema) });
export type CertClaimsResponse = z.infer<typeof certClaimsResponseSchema>;
export const certClaimAnswerSchema = z.object({ claim: certClaimSchema });

const personSchema = z.object({ id: z.string(), name: z.string().nullable(), phone: z.string() });

/** The admin's view: both members, the card's holds and custody (what would block an approval). */
export const adminCertClaimSchema = certClaimSchema.extend({
  claimant: personSchema,
  holder: personSchema,
  decidedBy: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  cardState: z.object({
    live: z.boolean(),
    ownerId: z.string(),
    custody: z.string(),
    hold: z.string().nullable(),
    /** Why an approval would be refused right now, or null. */
    blockedBy: z.string().nullable(),
  }),
});
export type AdminCertClaim = z.infer<typeof adminCertClaimSchema>;
export const adminCertClaimsResponseSchema = z.object({
  claims: z.array(adminCertClaimSchema),
  counts: z.object(Object.fromEntries(certClaimStatuses.map((s) => [s, z.number()])) as Record<CertClaimStatus, z.ZodNumber>),
});
export type AdminCertClaimsResponse = z.infer<typeof adminCertClaimsResponseSchema>;
export const adminCertClaimAnswerSchema = z.object({ claim: adminCertClaimSchema });

/**
 * The extra part of POST /api/cards' 409 when the certificate is another member's: the offer to
 * claim it (and the caller's open claim, when they already made one).
 */
export const certClaimOfferSchema = z.object({
  grader: z.enum(graders),
  certNumber: z.string(),
  openClaimId: z.string().nullable(),
});
export type CertClaimOffer = z.infer<typeof certClaimOfferSchema>;

/** The web's pages for claims. */
export const certClaimPaths = {
  mine: '/registry/claims',
  new: (o: { grader: Grader; certNumber: string }) =>
    `/registry/claims/new?grader=${encodeURIComponent(o.grader)}&cert=${encodeURIComponent(o.certNumber)}`,
  adminQueue: '/admin/cert-claims',
};
