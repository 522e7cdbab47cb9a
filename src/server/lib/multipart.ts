import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '#server/errors.ts';

/** Room for the multipart envelope and a few small fields around the file. */
export const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

export interface UploadLimits {
  /** The largest file accepted, in bytes. */
  maxFileBytes: number;
  /** Text fields accepted beside the file, and the longest value of one. */
  fields?: number;
  fieldSize?: number;
  /** Files accepted in one body (1 unless told); each is held to maxFileBytes. */
  files?: number;
  /** The error for a body or file over the limit (each caller words it for its users). */
  tooLarge: () => Error;
}

export interface Upload {
  /** The first file part named as asked, or undefined when there was none. */
  file: Buffer | undefined;
  /** Every text field's values, in the order they came. */
  fields: Record<string, string[]>;
}

/**
 * Accepts multipart bodies in this plugin's scope only (other routes keep their JSON-only bodies),
 * with one file and a few short fields at most.
 */
export async function registerUploads(app: FastifyInstance, limits: UploadLimits) {
  const fields = limits.fields ?? 4;
  const files = limits.files ?? 1;
  await app.register(multipart, {
    limits: { fileSize: limits.maxFileBytes, files, fields, fieldSize: limits.fieldSize ?? 200, parts: fields + files + 1 },
  });
}

/** An onRequest hook refusing a body whose declared length is too big, before it is read. */
export function refuseLargerThan(limits: UploadLimits): onRequestAsyncHookHandler {
  const max = limits.maxFileBytes * (limits.files ?? 1) + MULTIPART_ENVELOPE_BYTES;
  return async (req) => {
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > max) throw limits.tooLarge();
  };
}

/**
 * Reads one file part (named `fileField`) and the text fields of a multipart request. Other file
 * parts are drained and ignored. Errors: 415 when the body is not multipart, the caller's
 * `tooLarge` past the limit, 400 when the body cannot be parsed.
 */
export async function readUpload(req: FastifyRequest, opts: UploadLimits & { fileField: string }): Promise<Upload> {
  const { files, fields } = await readUploadFiles(req, { ...opts, fileFields: [opts.fileField] });
  return { file: files[opts.fileField], fields };
}

/**
 * Like readUpload, for a form carrying several named files (one part each, e.g. a slab's front and
 * back): the first part of each named field is kept, anything else is drained and ignored.
 */
export async function readUploadFiles<F extends string>(
  req: FastifyRequest,
  opts: UploadLimits & { fileFields: readonly F[] },
): Promise<{ files: Partial<Record<F, Buffer>>; fields: Record<string, string[]> }> {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data');
  const files: Partial<Record<F, Buffer>> = {};
  const fields: Record<string, string[]> = {};
  const wanted = (name: string): name is F => (opts.fileFields as readonly string[]).includes(name);
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const name = part.fieldname;
        if (!wanted(name) || files[name]) {
          part.file.resume();
          continue;
        }
        files[name] = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        (fields[part.fieldname] ??= []).push(part.value);
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw opts.tooLarge();
    // Anything else here is the body itself failing to parse (e.g. busboy's "Unexpected end of form").
    throw new AppError('bad_request', 'The upload could not be read');
  }
  for (const f of Object.values<Buffer | undefined>(files)) if (f && f.length > opts.maxFileBytes) throw opts.tooLarge();
  return { files, fields };
}
