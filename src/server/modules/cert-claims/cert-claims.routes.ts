import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCertClaimAnswerSchema,
  adminCertClaimsQuerySchema,
  adminCertClaimsResponseSchema,
  CERT_CLAIM_PHOTO_MAX_BYTES,
  certClaimAnswerSchema,
  certClaimIdParamsSchema,
  certClaimMessages,
  certClaimPhotoParamsSchema,
  certClaimPhotoQuerySchema,
  certClaimPhotoSides,
  certClaimsResponseSchema,
  createCertClaimFieldsSchema,
  decideCertClaimSchema,
} from '#common/cert-claims.ts';
import { AppError } from '#server/errors.ts';
import { readUploadFiles, refuseLargerThan, registerUploads, type UploadLimits } from '#server/lib/multipart.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { adminClaims, createClaim, decideClaim, myClaims, oneClaim, readPhoto, withdrawClaim } from './cert-claims.service.ts';

/** The claim form, for the API reference: the route reads the parts itself. */
const claimForm = createCertClaimFieldsSchema.extend({
  front: z.file().describe('A photo of the slab’s front: JPEG or PNG, at most 10 MB.'),
  back: z.file().describe('A photo of the slab’s back: JPEG or PNG, at most 10 MB.'),
});

const uploadLimits: UploadLimits = {
  maxFileBytes: CERT_CLAIM_PHOTO_MAX_BYTES,
  files: 2,
  fields: 4,
  fieldSize: 2000,
  tooLarge: () => new AppError('payload_too_large', certClaimMessages.photoTooLarge),
};

/** Certificate claims (decision 130): a member claims a certificate someone else registered; admins decide. */
export const certClaimsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  await registerUploads(app, uploadLimits);

  app.post(
    '/api/cert-claims',
    {
      config: { access: 'user', openapi: { body: { contentType: 'multipart/form-data', schema: claimForm } } },
      schema: {
        description:
          'Claim a certificate registered by another member (multipart: grader, certNumber, message, and the slab photos `front` and `back`, JPEG or PNG, 10 MB each).',
        response: { 201: certClaimAnswerSchema },
      },
      // Refused before the body is read when it says it is too big.
      onRequest: refuseLargerThan(uploadLimits),
    },
    async (req, reply) => {
      const actor = signedInActor(req);
      const { files, fields } = await readUploadFiles(req, { ...uploadLimits, fileFields: certClaimPhotoSides });
      const parsed = createCertClaimFieldsSchema.safeParse({
        grader: fields.grader?.at(-1),
        certNumber: fields.certNumber?.at(-1),
        message: fields.message?.at(-1),
      });
      if (!parsed.success) {
        const fieldErrors: Record<string, string[]> = {};
        for (const i of parsed.error.issues) (fieldErrors[i.path.join('.') || '_'] ??= []).push(i.message);
        throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid request', { fieldErrors });
      }
      for (const side of certClaimPhotoSides) {
        if (!files[side]?.length)
          throw new AppError('bad_request', certClaimMessages.photoMissing(side), {
            fieldErrors: { [side]: [certClaimMessages.photoMissing(side)] },
          });
      }
      const claim = await createClaim(ctx, actor, { ...parsed.data, photos: { front: files.front!, back: files.back! } });
      return reply.status(201).send({ claim });
    },
  );

  app.get(
    '/api/cert-claims',
    { config: { access: 'user' }, schema: { description: 'Your certificate claims, newest first.', response: { 200: certClaimsResponseSchema } } },
    async (req) => ({ claims: await myClaims(ctx, signedInActor(req)) }),
  );

  app.get(
    '/api/cert-claims/:id',
    {
      config: { access: 'user' },
      schema: { description: 'One of your certificate claims.', params: certClaimIdParamsSchema, response: { 200: certClaimAnswerSchema } },
    },
    async (req) => ({ claim: await oneClaim(ctx, signedInActor(req), { id: req.params.id }) }),
  );

  app.post(
    '/api/cert-claims/:id/withdraw',
    {
      config: { access: 'user' },
      schema: {
        description: 'Withdraw one of your open certificate claims.',
        params: certClaimIdParamsSchema,
        response: { 200: certClaimAnswerSchema },
      },
    },
    async (req) => ({ claim: await withdrawClaim(ctx, signedInActor(req), { id: req.params.id }) }),
  );

  /**
   * A claim's photo, to its claimant and admins only. Served as a download with nosniff; the admin
   * preview asks for ?inline=1, which keeps nosniff and the sniffed image type, and lets only this
   * app frame it (as KYC files are served).
   */
  app.get(
    '/api/cert-claims/:id/photos/:side',
    {
      config: { access: 'user' },
      schema: {
        description: 'A photo of the slab sent with a certificate claim.',
        params: certClaimPhotoParamsSchema,
        querystring: certClaimPhotoQuerySchema,
      },
    },
    async (req, reply) => {
      const { data, contentType, filename } = await readPhoto(ctx, signedInActor(req), { id: req.params.id, side: req.params.side });
      const inline = Boolean(req.query.inline);
      reply
        .header('Content-Type', contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${filename}"`);
      if (inline) {
        reply
          .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'")
          .header('X-Frame-Options', 'SAMEORIGIN');
      }
      return reply.send(data);
    },
  );

  app.get(
    '/api/admin/cert-claims',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Certificate claims to decide (open, oldest first) or decided.',
        querystring: adminCertClaimsQuerySchema,
        response: { 200: adminCertClaimsResponseSchema },
      },
    },
    async (req) => adminClaims(ctx, { status: req.query.status }),
  );

  app.patch(
    '/api/admin/cert-claims/:id',
    {
      config: { access: 'admin' },
      schema: {
        description: 'Approve a certificate claim (the card moves to the claimant) or reject it with a reason.',
        params: certClaimIdParamsSchema,
        body: decideCertClaimSchema,
        response: { 200: adminCertClaimAnswerSchema },
      },
    },
    async (req) => ({
      claim: await decideClaim(ctx, signedInActor(req), { id: req.params.id, decision: req.body.decision, note: req.body.note ?? null }),
    }),
  );
};
