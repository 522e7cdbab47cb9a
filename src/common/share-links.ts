import { z } from 'zod';
import { cardImageSides, cardImageSizes, graders } from './cards.ts';
import { dateOnlySchema } from './date-only-schema.ts';

/** Shared card links (domain.md: Shared links): a card shown to anyone holding an unguessable token. */

/** 128 random bits, base64url: 22 characters. */
export const SHARE_TOKEN_LENGTH = 22;
export const SHARE_LABEL_MAX = 80;
export const SHARE_EXPIRY_MAX_DAYS = 365;
/** Analytics periods are capped so one request cannot scan years of views. */
export const SHARE_ANALYTICS_MAX_DAYS = 366;

export const shareMessages = {
  notFound: 'This link is not available',
  cardNotFound: 'Card not found',
  linkNotFound: 'Share link not found',
  created: 'Share link created',
  copied: 'Link copied',
  copiedDescription: 'The link is on your clipboard.',
  revoked: 'Share link revoked',
  period: 'Choose a period of at most a year, with its start before its end',
} as const;

export const shareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, { error: shareMessages.notFound });
// Any malformed token is a plain not-found like an unknown one (the service checks the format).
const tokenParam = z.string().max(200);
export const sharedTokenParamsSchema = z.object({ token: tokenParam });
export const sharedImageParamsSchema = z.object({ token: tokenParam, side: z.enum(cardImageSides, { error: shareMessages.notFound }) });
export const sharedImageQuerySchema = z.object({ size: z.enum(cardImageSizes).default('full') });
export const sharedQuerySchema = z.object({ ref: z.string().max(2000).optional() });
export const shareLinkIdParamsSchema = z.object({ id: z.uuid({ error: shareMessages.linkNotFound }) });

export const createShareLinkSchema = z.object({
  label: z.string().trim().max(SHARE_LABEL_MAX).optional(),
  expiresInDays: z.number().int().min(1).max(SHARE_EXPIRY_MAX_DAYS).optional(),
  showOwnerName: z.boolean().default(false),
});
export type CreateShareLinkValues = z.input<typeof createShareLinkSchema>;

export const createdShareLinkSchema = z.object({ id: z.uuid(), url: z.string(), token: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

export const shareLinkStatuses = ['active', 'expired', 'revoked'] as const;
export type ShareLinkStatus = (typeof shareLinkStatuses)[number];
export const shareLinkStatusLabels: Record<ShareLinkStatus, string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };

export const dayCountSchema = z.object({ day: dateOnlySchema, views: z.number().int() });
export type DayCount = z.infer<typeof dayCountSchema>;

export const shareLinkSchema = z.object({
  id: z.uuid(),
  cardId: z.uuid(),
  label: z.string().nullable(),
  url: z.string(),
  showOwnerName: z.boolean(),
  status: z.enum(shareLinkStatuses),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  views: z.number().int(),
  uniqueVisitors: z.number().int(),
  botViews: z.number().int(),
  lastViewedAt: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const cardShareLinksResponseSchema = z.object({
  card: z.object({
    id: z.uuid(),
    subject: z.string(),
    year: z.number().int(),
    brand: z.string(),
    grade: z.string().nullable(),
    grader: z.enum(graders),
  }),
  links: z.array(shareLinkSchema),
  viewsPerDay: z.array(dayCountSchema),
});
export type CardShareLinksResponse = z.infer<typeof cardShareLinksResponseSchema>;

/** What a stranger may see: no value, no phone, no custody, no other card. */
export const sharedCardSchema = z
  .object({
    subject: z.string(),
    year: z.number().int(),
    set: z.string(),
    cardNumber: z.string().nullable(),
    variety: z.string().nullable(),
    grade: z.string().nullable(),
    grader: z.enum(graders),
    certNumber: z.string().nullable(),
    sport: z.string(),
    images: z.object({ front: z.string().nullable(), back: z.string().nullable() }),
    ownerFirstName: z.string().nullable(),
    psaPopulation: z.object({ total: z.number().nullable(), higher: z.number().nullable() }).nullable(),
  })
  .strict();
export type SharedCard = z.infer<typeof sharedCardSchema>;

export const shareAnalyticsQuerySchema = z.object({ from: dateOnlySchema.optional(), to: dateOnlySchema.optional() });

export const shareAnalyticsSchema = z.object({
  from: dateOnlySchema,
  to: dateOnlySchema,
  totals: z.object({
    links: z.number().int(),
    activeLinks: z.number().int(),
    views: z.number().int(),
    uniqueVisitors: z.number().int(),
    botViews: z.number().int(),
  }),
  viewsPerDay: z.array(dayCountSchema),
  topCards: z.array(
    z.object({
      cardId: z.uuid(),
      subject: z.string(),
      year: z.number().int(),
      ownerName: z.string().nullable(),
      views: z.number().int(),
      uniqueVisitors: z.number().int(),
    }),
  ),
  topReferrers: z.array(z.object({ host: z.string(), views: z.number().int() })),
  links: z.array(
    z.object({
      id: z.uuid(),
      cardId: z.uuid(),
      subject: z.string(),
      label: z.string().nullable(),
      ownerName: z.string().nullable(),
      status: z.enum(shareLinkStatuses),
      createdAt: z.string(),
      views: z.number().int(),
      uniqueVisitors: z.number().int(),
      botViews: z.number().int(),
    }),
  ),
});
export type ShareAnalytics = z.infer<typeof shareAnalyticsSchema>;

export const revokeShareLinkResponseSchema = z.object({ ok: z.literal(true) });

/** Common crawlers and link-preview fetchers: their views are counted apart. */
const BOT_PATTERN =
  /bot|crawl|spider|slurp|facebookexternalhit|facebookcatalog|embedly|quora link preview|whatsapp|telegram|discord|slack|skype|vkshare|pinterest|bingpreview|headless|python-requests|curl\/|wget|httpclient|okhttp|go-http-client|axios|node-fetch|preview/i;
export function isBotUserAgent(ua: string | null | undefined): boolean {
  return !ua || BOT_PATTERN.test(ua);
}

export const sharedPath = (token: string) => `/shared/${token}`;
export const shareStatus = (l: { revokedAt: string | null; expiresAt: string | null }, now: Date): ShareLinkStatus =>
  l.revokedAt ? 'revoked' : l.expiresAt && Date.parse(l.expiresAt) <= now.getTime() ? 'expired' : 'active';
