import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminKycQuerySchema,
  adminKycResponseSchema,
  KYC_MAX_BYTES,
  kycDocumentSchema,
  kycDocumentsResponseSchema,
  kycDocumentTypes,
  kycMessages,
  kycStatusResponseSchema,
  reviewKycSchema,
} from '#common/kyc.ts';
import { AppError } from '#server/errors.ts';
import { readUpload, refuseLargerThan, registerUploads, type UploadLimits } from '#server/lib/multipart.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { kycStatusOf, listForAdmin, listOwnDocuments, readDocumentFile, reviewDocument, uploadDocument } from './kyc.service.ts';

const idParams = z.object({ id: z.uuid('Not a valid id') });
const documentAnswer = z.object({ status: z.literal('success'), document: kycDocumentSchema });
const documentType = z.enum(kycDocumentTypes);

/** The upload form, for the API reference: the route reads the parts itself. */
const uploadForm = z.object({
  type: documentType,
  file: z.file().describe('The document: JPEG, PNG or PDF, at most 10 MB.'),
});

const uploadLimits: UploadLimits = {
  maxFileBytes: KYC_MAX_BYTES,
  fields: 4,
  fieldSize: 200,
  tooLarge: () => new AppError('payload_too_large', kycMessages.tooLarge),
};

/** Identity documents (domain.md: KYC): upload and read your own, admins review. */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  await registerUploads(app, uploadLimits);

  app.get(
    '/api/user/kyc/documents',
    { config: { access: 'user' }, schema: { description: 'Your KYC documents.', response: { 200: kycDocumentsResponseSchema } } },
    async (req) => ({ documents: await listOwnDocuments(ctx, signedInActor(req)) }),
  );

  app.get(
    '/api/user/kyc/status',
    { config: { access: 'user' }, schema: { description: 'Your KYC status.', response: { 200: kycStatusResponseSchema } } },
    async (req) => kycStatusOf(ctx, signedInActor(req)),
  );

  app.post(
    '/api/user/kyc/documents',
    {
      config: { access: 'user', openapi: { body: { contentType: 'multipart/form-data', schema: uploadForm } } },
      schema: { description: 'Upload a KYC document.', response: { 201: documentAnswer } },
      // Refused before the body is read when it says it is too big.
      onRequest: refuseLargerThan(uploadLimits),
    },
    async (req, reply) => {
      const actor = signedInActor(req);
      const { file, fields } = await readUpload(req, { ...uploadLimits, fileField: 'file' });
      // The last readable type field counts, as a form that repeats one means its latest.
      const type = (fields.type ?? []).map((v) => documentType.safeParse(v)).findLast((p) => p.success)?.data;
      if (!type) throw new AppError('bad_request', kycMessages.badDocumentType, { fieldErrors: { type: [kycMessages.badDocumentType] } });
      if (!file || file.length === 0) throw new AppError('bad_request', kycMessages.noFile, { fieldErrors: { file: [kycMessages.noFile] } });
      const document = await uploadDocument(ctx, actor, { type, data: file });
      return reply.status(201).send({ status: 'success' as const, document });
    },
  );

  app.get(
    '/api/admin/kyc/documents',
    {
      config: { access: 'admin' },
      schema: { description: 'KYC documents to review, by status.', querystring: adminKycQuerySchema, response: { 200: adminKycResponseSchema } },
    },
    async (req) => listForAdmin(ctx, signedInActor(req), req.query),
  );

  app.patch(
    '/api/admin/kyc/documents/:id',
    {
      config: { access: 'admin' },
      schema: { description: 'Approve or reject a KYC document.', params: idParams, body: reviewKycSchema, response: { 200: documentAnswer } },
    },
    async (req) => {
      const document = await reviewDocument(ctx, signedInActor(req), { id: req.params.id, ...req.body });
      return { status: 'success' as const, document };
    },
  );

  /**
   * The file itself, to its owner and admins only. Always served as a download with nosniff; the
   * admin preview asks for ?inline=1, which keeps nosniff and the sniffed (image or PDF) type, and
   * lets only this app frame it.
   */
  app.get(
    '/api/kyc/documents/:id/file',
    {
      config: { access: 'user' },
      schema: { description: 'The file of a KYC document.', params: idParams, querystring: z.object({ inline: z.enum(['1', 'true']).optional() }) },
    },
    async (req, reply) => {
      const { doc, data, filename } = await readDocumentFile(ctx, signedInActor(req), { id: req.params.id });
      const inline = Boolean(req.query.inline);
      reply
        .header('Content-Type', doc.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${filename}"`);
      if (inline) {
        reply
          .header(
            'Content-Security-Policy',
            "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'",
          )
          .header('X-Frame-Options', 'SAMEORIGIN');
      }
      return reply.send(data);
    },
  );
};
