import multipart from '@fastify/multipart';
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
  type KycDocumentType,
} from '#common/kyc.ts';
import { AppError } from '../../errors.ts';
import { requireAdmin, requireUser } from '../../plugins/auth.ts';
import type { FileStorage } from '../../providers/storage/storage.ts';
import { announceKyc } from './kyc.events.ts';
import { kycStatusOf, listForAdmin, listOwnDocuments, readDocumentFile, reviewDocument, toDocument, uploadDocument } from './kyc.service.ts';

const idParams = z.object({ id: z.uuid('Not a valid id') });
/** Room for the multipart envelope and the type field around a 10 MB file. */
const MAX_REQUEST_BYTES = KYC_MAX_BYTES + 64 * 1024;

const tooLarge = () => new AppError('payload_too_large', kycMessages.tooLarge);

/** Identity documents (domain.md: KYC): upload and read your own, admins review. */
export const kycRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, opts) => {
  const { ctx } = app;
  const { storage } = opts;
  // Scoped to this plugin: other routes keep their JSON-only bodies.
  await app.register(multipart, { limits: { fileSize: KYC_MAX_BYTES, files: 1, fields: 4, fieldSize: 200, parts: 6 } });

  app.get(
    '/api/user/kyc/documents',
    { config: { access: 'user' }, schema: { response: { 200: kycDocumentsResponseSchema } } },
    async (req) => ({ documents: await listOwnDocuments(ctx.db, requireUser(req).id) }),
  );

  app.get(
    '/api/user/kyc/status',
    { config: { access: 'user' }, schema: { response: { 200: kycStatusResponseSchema } } },
    async (req) => kycStatusOf(ctx.db, requireUser(req).id),
  );

  app.post(
    '/api/user/kyc/documents',
    {
      config: { access: 'user', noImpersonation: true },
      schema: { response: { 201: z.object({ status: z.literal('success'), document: kycDocumentSchema }) } },
      // Refused before the body is read when it says it is too big.
      onRequest: async (req) => {
        const length = Number(req.headers['content-length'] ?? 0);
        if (length > MAX_REQUEST_BYTES) throw tooLarge();
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data');
      let type: KycDocumentType | undefined;
      let data: Buffer | undefined;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || data) {
              part.file.resume();
              continue;
            }
            data = await part.toBuffer();
          } else if (part.fieldname === 'type') {
            const parsed = z.enum(kycDocumentTypes).safeParse(part.value);
            if (parsed.success) type = parsed.data;
          }
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        // Anything else here is the body itself failing to parse (e.g. busboy's "Unexpected end of form").
        throw new AppError('bad_request', 'The upload could not be read');
      }
      if (!type) throw new AppError('bad_request', kycMessages.badDocumentType, { fieldErrors: { type: [kycMessages.badDocumentType] } });
      if (!data || data.length === 0) throw new AppError('bad_request', kycMessages.noFile, { fieldErrors: { file: [kycMessages.noFile] } });
      if (data.length > KYC_MAX_BYTES) throw tooLarge();
      const document = await uploadDocument(ctx, storage, user, { type, data }, req.ip ?? null);
      await announceKyc(ctx, user.id, document.status, req.log);
      return reply.status(201).send({ status: 'success' as const, document });
    },
  );

  app.get(
    '/api/admin/kyc/documents',
    { config: { access: 'admin' }, schema: { querystring: adminKycQuerySchema, response: { 200: adminKycResponseSchema } } },
    async (req) => listForAdmin(ctx.db, req.query),
  );

  app.patch(
    '/api/admin/kyc/documents/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParams, body: reviewKycSchema, response: { 200: z.object({ status: z.literal('success'), document: kycDocumentSchema }) } },
    },
    async (req) => {
      const actor = requireAdmin(req);
      const doc = await reviewDocument(ctx, actor, req.params.id, req.body, req.ip ?? null);
      await announceKyc(ctx, doc.userId, doc.status, req.log);
      return { status: 'success' as const, document: toDocument(doc) };
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
      schema: { params: idParams, querystring: z.object({ inline: z.enum(['1', 'true']).optional() }) },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const { doc, data, filename } = await readDocumentFile(ctx.db, storage, user, req.params.id);
      const inline = Boolean(req.query.inline);
      reply
        .header('Content-Type', doc.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${filename}"`);
      if (inline) {
        reply
          .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'")
          .header('X-Frame-Options', 'SAMEORIGIN');
      }
      return reply.send(data);
    },
  );
};
