import { z } from 'zod';
import type { TransitionMap } from './transitions.ts';

export const kycDocumentTypes = ['id_front', 'id_back', 'selfie', 'proof_of_address'] as const;
export type KycDocumentType = (typeof kycDocumentTypes)[number];

/** The documents onboarding needs; proof of address is optional. */
export const requiredKycDocumentTypes = ['id_front', 'id_back', 'selfie'] as const satisfies readonly KycDocumentType[];

export const kycDocumentLabels: Record<KycDocumentType, string> = {
  id_front: 'ID front',
  id_back: 'ID back',
  selfie: 'Selfie',
  proof_of_address: 'Proof of address',
};

export const kycDocumentHints: Record<KycDocumentType, string> = {
  id_front: 'The front of your passport, driver’s license or national ID.',
  id_back: 'The back of the same ID (for a passport, the signature page).',
  selfie: 'A clear photo of your face, holding the ID beside it.',
  proof_of_address: 'A utility bill or bank statement from the last 3 months.',
};

export const kycDocumentStatuses = ['pending', 'approved', 'rejected'] as const;
export type KycDocumentStatus = (typeof kycDocumentStatuses)[number];
/** A reviewer may change their mind: an approved document can be rejected and the other way round. */
export const kycDocumentTransitions: TransitionMap<KycDocumentStatus> = {
  pending: ['approved', 'rejected'],
  approved: ['rejected'],
  rejected: ['approved'],
};

export const kycStatuses = ['not_started', 'pending', 'approved', 'rejected'] as const;
export type KycStatus = (typeof kycStatuses)[number];

export const kycStatusLabels: Record<KycStatus, string> = {
  not_started: 'Not started',
  pending: 'Under review',
  approved: 'Approved',
  rejected: 'Action needed',
};

/** security-tests.md: at most 10 MB; JPEG, PNG or PDF by content. */
export const KYC_MAX_BYTES = 10 * 1024 * 1024;
export const kycContentTypes = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type KycContentType = (typeof kycContentTypes)[number];
export const KYC_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

export const kycMessages = {
  badType: 'Upload a JPEG, PNG or PDF file',
  tooLarge: 'Files can be at most 10 MB',
  noFile: 'Choose a file to upload',
  badDocumentType: 'Choose which document this is',
  rejectReason: 'Give a reason so the member knows what to fix',
} as const;

/**
 * A member's KYC status, derived from the latest document of each type: not_started with none;
 * rejected when a latest document is rejected; approved when every required type's latest is
 * approved; pending otherwise.
 */
export function deriveKycStatus(docs: readonly { type: KycDocumentType; status: KycDocumentStatus; createdAt: Date | string }[]): KycStatus {
  if (docs.length === 0) return 'not_started';
  const latest = latestByType(docs);
  if ([...latest.values()].some((d) => d.status === 'rejected')) return 'rejected';
  if (requiredKycDocumentTypes.every((t) => latest.get(t)?.status === 'approved')) return 'approved';
  return 'pending';
}

export function latestByType<T extends { type: KycDocumentType; createdAt: Date | string }>(docs: readonly T[]): Map<KycDocumentType, T> {
  const out = new Map<KycDocumentType, T>();
  for (const d of docs) {
    const cur = out.get(d.type);
    if (!cur || new Date(d.createdAt).getTime() >= new Date(cur.createdAt).getTime()) out.set(d.type, d);
  }
  return out;
}

/** Required types with no usable (pending or approved) latest document. */
export function missingKycTypes(docs: readonly { type: KycDocumentType; status: KycDocumentStatus; createdAt: Date | string }[]): KycDocumentType[] {
  const latest = latestByType(docs);
  return requiredKycDocumentTypes.filter((t) => {
    const d = latest.get(t);
    return !d || d.status === 'rejected';
  });
}

export const kycDocumentSchema = z.object({
  id: z.string(),
  type: z.enum(kycDocumentTypes),
  status: z.enum(kycDocumentStatuses),
  note: z.string().nullable(),
  contentType: z.string(),
  sizeBytes: z.number(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;

export const kycDocumentsResponseSchema = z.object({ documents: z.array(kycDocumentSchema) });

export const kycStatusResponseSchema = z.object({
  status: z.enum(kycStatuses),
  missing: z.array(z.enum(kycDocumentTypes)),
});
export type KycStatusResponse = z.infer<typeof kycStatusResponseSchema>;

export const adminKycDocumentSchema = kycDocumentSchema.extend({
  user: z.object({ id: z.string(), name: z.string().nullable(), phone: z.string() }),
  reviewer: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
});
export type AdminKycDocument = z.infer<typeof adminKycDocumentSchema>;

export const adminKycQuerySchema = z.object({ status: z.enum(kycDocumentStatuses).optional() });
export const adminKycResponseSchema = z.object({
  documents: z.array(adminKycDocumentSchema),
  counts: z.object({ pending: z.number(), approved: z.number(), rejected: z.number() }),
});
export type AdminKycResponse = z.infer<typeof adminKycResponseSchema>;

export const reviewKycSchema = z
  .object({
    status: z.enum(['approved', 'rejected']),
    note: z
      .string()
      .trim()
      .max(500, 'At most 500 characters')
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .refine((v) => v.status !== 'rejected' || Boolean(v.note), { message: kycMessages.rejectReason, path: ['note'] });
export type ReviewKycInput = z.input<typeof reviewKycSchema>;

/** What a member reads under a rejected document: the reviewer's reason, one stop, what to do. */
export function kycRejectionText(note: string): string {
  const reason = note.trim().replace(/\.+$/, '');
  return `Reason: ${/[!?]$/.test(reason) ? reason : `${reason}.`} Please upload a new one.`;
}
