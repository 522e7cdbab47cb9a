import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptTermsInputSchema,
  legalDocumentSchema,
  legalDraftInputSchema,
  legalDraftSchema,
  legalPreviewInputSchema,
  legalPreviewSchema,
  legalPublicPageSchema,
  legalPublishInputSchema,
  legalSlugSchema,
  legalVersionSchema,
  legalVersionSummarySchema,
} from '#common/legal.ts';
import { okResponseSchema } from '#common/auth.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import {
  acceptTerms,
  discardLegalDraft,
  getLegalDocument,
  getLegalPage,
  getLegalVersion,
  previewLegal,
  publishLegalPage,
  saveLegalDraft,
} from './legal.service.ts';

const slugParams = z.object({ slug: legalSlugSchema });

export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/legal/:slug',
    {
      config: { access: 'public' },
      schema: {
        description: 'The version of a legal page in force, rendered to sanitised HTML.',
        tags: ['legal'],
        params: slugParams,
        response: { 200: legalPublicPageSchema },
      },
    },
    async (req) => getLegalPage(ctx, req.actor, { slug: req.params.slug }),
  );

  app.post(
    '/api/legal/terms/accept',
    {
      // An admin viewing as a member never accepts on their behalf.
      config: { access: 'user' },
      schema: {
        description: 'Accept the Terms of Use version in force (recorded with time and IP).',
        tags: ['legal'],
        body: acceptTermsInputSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (req) => acceptTerms(ctx, signedInActor(req), req.body),
  );

  app.post(
    '/api/admin/legal/preview',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Render Markdown exactly as the public legal pages do.',
        tags: ['legal'],
        body: legalPreviewInputSchema,
        response: { 200: legalPreviewSchema },
      },
    },
    async (req) => previewLegal(ctx, signedInActor(req), req.body),
  );

  app.get(
    '/api/admin/legal/:slug',
    {
      config: { access: 'admin' },
      schema: {
        description: 'A legal document: its draft and every published version.',
        tags: ['legal'],
        params: slugParams,
        response: { 200: legalDocumentSchema },
      },
    },
    async (req) => getLegalDocument(ctx, signedInActor(req), req.params),
  );

  app.get(
    '/api/admin/legal/:slug/versions/:version',
    {
      config: { access: 'admin' },
      schema: {
        description: 'One published version with its Markdown and rendered HTML.',
        tags: ['legal'],
        params: z.object({ slug: legalSlugSchema, version: z.coerce.number().int().min(1).max(100_000) }),
        response: { 200: legalVersionSchema },
      },
    },
    async (req) => getLegalVersion(ctx, signedInActor(req), req.params),
  );

  app.put(
    '/api/admin/legal/:slug/draft',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Save the draft of a legal document.',
        tags: ['legal'],
        params: slugParams,
        body: legalDraftInputSchema,
        response: { 200: legalDraftSchema },
      },
    },
    async (req) => saveLegalDraft(ctx, signedInActor(req), { slug: req.params.slug, ...req.body }),
  );

  app.delete(
    '/api/admin/legal/:slug/draft',
    {
      config: { access: 'admin' },
      schema: { description: 'Discard the draft of a legal document.', tags: ['legal'], params: slugParams, response: { 200: okResponseSchema } },
    },
    async (req) => discardLegalDraft(ctx, signedInActor(req), req.params),
  );

  app.post(
    '/api/admin/legal/:slug/publish',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Publish a new version of a legal document with its effective date.',
        tags: ['legal'],
        params: slugParams,
        body: legalPublishInputSchema,
        response: { 200: legalVersionSummarySchema },
      },
    },
    async (req) => publishLegalPage(ctx, signedInActor(req), { slug: req.params.slug, ...req.body }),
  );
};
