import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** One multipart upload: the bytes of the expected file field and the text fields beside it. */
export interface Upload {
  file: Buffer | null;
  fields: Record<string, string>;
}

/**
 * Reads a multipart request (profile picture, cover, resource image): the first file of the
 * field `fileField` within `maxBytes`, and the text fields; other files are read and dropped.
 * Not multipart, or a file over the limit, answers with the caller's Spanish messages.
 */
export async function readUpload(
  request: FastifyRequest,
  fileField: string,
  options: { maxBytes?: number; messages: { notMultipart: string; tooLarge: string } },
): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', options.messages.notMultipart);
  const upload: Upload = { file: null, fields: {} };
  try {
    const parts = request.parts(options.maxBytes ? { limits: { fileSize: options.maxBytes } } : undefined);
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === fileField && !upload.file) upload.file = data;
      } else {
        upload.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', options.messages.tooLarge);
    }
    throw error;
  }
  return upload;
}
