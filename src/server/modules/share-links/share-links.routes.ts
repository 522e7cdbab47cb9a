import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardIdParamsSchema } from '#common/cards.ts';
import {
  cardShareLinksResponseSchema,
  createdShareLinkSchema,
  createShareLinkSchema,
  revokeShareLinkResponseSchema,
  shareAnalyticsQuerySchema,
  shareAnalyticsSchema,
  sharedCardSchema,
  sharedImageParamsSchema,
  sharedImageQuerySchema,
  sharedQuerySchema,
  sharedTokenParamsSchema,
  shareLinkIdParamsSchema,
} from '#common/share-links.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { byClientIp, limitHook } from '#server/plugins/rate-limit.ts';
import {
  cardShareLinks,
  createShareLink,
  openSharedCard,
  readSharedImage,
  revokeShareLink,
  shareAnalytics,
  sharedOgImage,
} from './share-links.service.ts';

/** A shared page loads the card and two images: 60 a minute is a busy visitor, not a scraper. */
export const SHARED_REQUESTS_PER_IP_PER_MINUTE = 60;
export const SHARE_LINKS_CREATED_PER_MEMBER_PER_HOUR = 30;

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Shared card links (domain.md: Shared links): the owner's links, the public page's data, analytics. */
export const shareLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const sharedLimit = limitHook(app, [{ name: 'shared:ip', max: SHARED_REQUESTS_PER_IP_PER_MINUTE, windowMs: 60_000, key: byClientIp }]);
  const createLimit = limitHook(app, [
    { name: 'share-create:user', max: SHARE_LINKS_CREATED_PER_MEMBER_PER_HOUR, windowMs: 60 * 60_000, key: (req) => req.user?.id },
  ]);

  app.post(
    '/api/cards/:id/share-links',
    {
      config: { access: 'user' },
      schema: {
        description: 'Share a card by link.',
        params: cardIdParamsSchema,
        body: createShareLinkSchema,
        response: { 201: createdShareLinkSchema },
      },
      onRequest: createLimit,
    },
    async (req, reply) => reply.status(201).send(await createShareLink(ctx, signedInActor(req), { cardId: req.params.id, values: req.body })),
  );

  app.get(
    '/api/cards/:id/share-links',
    {
      config: { access: 'user' },
      schema: { description: 'The share links of a card.', params: cardIdParamsSchema, response: { 200: cardShareLinksResponseSchema } },
    },
    async (req) => cardShareLinks(ctx, signedInActor(req), { cardId: req.params.id }),
  );

  app.delete(
    '/api/share-links/:id',
    {
      config: { access: 'user' },
      schema: { description: 'Revoke a shared card link.', params: shareLinkIdParamsSchema, response: { 200: revokeShareLinkResponseSchema } },
    },
    async (req) => {
      await revokeShareLink(ctx, signedInActor(req), { id: req.params.id });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/shared/:token',
    {
      config: { access: 'public' },
      schema: {
        description: 'A card shared by link.',
        params: sharedTokenParamsSchema,
        querystring: sharedQuerySchema,
        response: { 200: sharedCardSchema },
      },
      onRequest: sharedLimit,
    },
    async (req, reply) => {
      // The page passes document.referrer: the request's own Referer is the page itself.
      const card = await openSharedCard(ctx, req.actor, {
        token: req.params.token,
        referrer: req.query.ref,
        country: header(req.headers['cf-ipcountry']),
      });
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').header('X-Robots-Tag', 'noindex');
      return card;
    },
  );

  app.get(
    '/api/shared/:token/images/:side',
    {
      config: { access: 'public' },
      schema: { description: 'An image of a card shared by link.', params: sharedImageParamsSchema, querystring: sharedImageQuerySchema },
      onRequest: sharedLimit,
    },
    async (req, reply) => {
      const { data, at } = await readSharedImage(ctx, { token: req.params.token, side: req.params.side, size: req.query.size });
      // Not cached by shared caches: a revoked link must stop serving the photo at once.
      return reply
        .header('Content-Type', 'image/jpeg')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-cache')
        .header('Last-Modified', at.toUTCString())
        .send(data);
    },
  );

  app.get(
    '/api/shared/:token/og.png',
    {
      config: { access: 'public' },
      schema: { description: 'The 1200×630 preview image of a card shared by link (og:image).', params: sharedTokenParamsSchema },
      onRequest: sharedLimit,
    },
    async (req, reply) => {
      const { tag, png } = await sharedOgImage(ctx, { token: req.params.token });
      const etag = `"${tag}"`;
      // Caches keep it but ask again each time: a revoked link must stop serving the preview at once; asking costs a 304.
      reply
        .header('ETag', etag)
        .header('Cache-Control', 'public, no-cache')
        .header('X-Content-Type-Options', 'nosniff')
        .header('X-Robots-Tag', 'noindex');
      const asked = header(req.headers['if-none-match']);
      if (asked && asked.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
      return reply.header('Content-Type', 'image/png').send(await png());
    },
  );

  app.get(
    '/api/admin/share-analytics',
    {
      config: { access: 'admin' },
      schema: { description: 'Views of shared card links.', querystring: shareAnalyticsQuerySchema, response: { 200: shareAnalyticsSchema } },
    },
    async (req) => shareAnalytics(ctx, req.query),
  );
};
