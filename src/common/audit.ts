import { z } from 'zod';

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_EXPORT_MAX = 10_000;

/** Whose actions: everyone's, staff's (admins, managers and anyone impersonated), or only impersonated ones. */
export const auditScopes = ['all', 'staff', 'impersonated'] as const;
export type AuditScope = (typeof auditScopes)[number];

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const day = z.preprocess(blankToUndefined, z.iso.date('Choose a valid date').optional());

/** GET /api/admin/audit: filters by actor, target, action and date (UTC days, inclusive). */
export const auditQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(AUDIT_PAGE_SIZE),
    /** An action, or a family of them with a trailing dot (e.g. `legal.`). */
    action: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    /** Anyone involved: actor, impersonator or the user acted on. */
    userId: z.preprocess(blankToUndefined, z.uuid('Not a valid id').optional()),
    /** Who acted (or the admin who impersonated them). */
    actorId: z.preprocess(blankToUndefined, z.uuid('Not a valid id').optional()),
    targetType: z.preprocess(blankToUndefined, z.string().trim().max(60).optional()),
    targetId: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
    from: day,
    to: day,
    scope: z.preprocess(blankToUndefined, z.enum(auditScopes).default('all')),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date is after the end date', path: ['to'] });
export type AuditQuery = z.input<typeof auditQuerySchema>;

const person = z.object({ id: z.uuid(), name: z.string().nullable(), phone: z.string(), isAdmin: z.boolean(), isManager: z.boolean() });

export const auditEntrySchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  action: z.string(),
  actorId: z.uuid().nullable(),
  impersonatorId: z.uuid().nullable(),
  actor: person.nullable(),
  impersonator: person.nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditList = z.infer<typeof auditListSchema>;

/** GET /api/admin/audit/facets: the actions and target kinds on record, for the filters. */
export const auditFacetsSchema = z.object({ actions: z.array(z.string()), targetTypes: z.array(z.string()) });
export type AuditFacets = z.infer<typeof auditFacetsSchema>;
