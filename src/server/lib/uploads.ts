import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../shared/constants/limits';
import { AppError } from './errors';

/** One multipart upload: the bytes of the expected file field and the text fields beside it. */
export interface Upload {
  file: Buffer | null;
  /** The file's name as the browser sent it (a spreadsheet load shows it). */
  fileName: string | null;
  /** Every file of the field, in the order sent (the first is `file`), when the caller takes several. */
  files: { data: Buffer; fileName: string | null }[];
  fields: Record<string, string>;
}

/** Answers to a form that cannot be read, whatever the upload. */
export const UPLOAD_MESSAGES = {
  malformed:
    'El archivo no se recibió completo o el formulario no es válido. Por favor intenta subirlo nuevamente.',
  tooManyParts: 'El formulario contiene demasiados campos o archivos.',
} as const;

/**
 * Room for what surrounds the file in the body: boundaries, part headers and the few small text
 * fields (at most 10 of 10,000 characters, app.ts). A body larger than the file limit plus this
 * is refused without reading the rest.
 */
const FORM_OVERHEAD_BYTES = 256 * 1024;

/**
 * Reads a multipart request (profile picture, cover, resource image): the file of the field
 * `fileField` within `maxBytes`, and the text fields (one file per form and few fields: the
 * limits in app.ts; more is a 413). Not multipart, or a file over the limit, answers with the
 * caller's Spanish messages; a body that cannot be parsed (no boundary, cut short) is a 400.
 * Reading stops at the limit: a body declared or found larger than the file limit plus the
 * form's overhead is refused at once, and the connection closed after the answer
 * (plugins/connection.ts), instead of being read to its end.
 */
export async function readUpload(
  request: FastifyRequest,
  fileField: string,
  options: {
    /** What the files may weigh together. */
    maxBytes?: number;
    /** How many files of the field the form may hold (1 by default). */
    maxFiles?: number;
    messages: { notMultipart: string; tooLarge: string; tooManyFiles?: string };
  },
): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', options.messages.notMultipart);
  const maxBytes = options.maxBytes ?? LIMITS.imageBytes;
  const maxBody = maxBytes + FORM_OVERHEAD_BYTES;
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', options.messages.tooLarge);
  if (Number(request.headers['content-length'] ?? 0) > maxBody) throw tooLarge();

  const maxFiles = options.maxFiles ?? 1;
  const reading = readParts(request, fileField, maxBytes, maxFiles);
  const cap = capBody(request, maxBody);
  // A body abandoned at the cap may still reject later: that is expected, not unhandled.
  reading.catch(() => {});
  try {
    return await Promise.race([reading, cap.exceeded.then(() => Promise.reject(tooLarge()))]);
  } catch (error) {
    const refusal = toUploadError(error, tooLarge);
    if (options.messages.tooManyFiles && (error as { code?: string }).code === 'FST_FILES_LIMIT')
      throw new AppError('BAD_REQUEST', options.messages.tooManyFiles);
    throw refusal;
  } finally {
    cap.stop();
  }
}

async function readParts(
  request: FastifyRequest,
  fileField: string,
  maxBytes: number,
  maxFiles: number,
): Promise<Upload> {
  const upload: Upload = { file: null, fileName: null, files: [], fields: {} };
  // Several files weigh maxBytes together: each one is also within it.
  const limits =
    maxFiles > 1 ? { fileSize: maxBytes, files: maxFiles, parts: maxFiles + 11 } : { fileSize: maxBytes };
  let total = 0;
  for await (const part of request.parts({ limits })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      total += data.length;
      if (total > maxBytes)
        throw Object.assign(new Error('files too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
      if (part.fieldname === fileField) {
        upload.files.push({ data, fileName: part.filename || null });
        if (!upload.file) {
          upload.file = data;
          upload.fileName = part.filename || null;
        }
      }
    } else {
      upload.fields[part.fieldname] = String(part.value);
    }
  }
  return upload;
}

/** Resolves once more than `maxBytes` of body have arrived (chunked bodies declare no length). */
function capBody(request: FastifyRequest, maxBytes: number): { exceeded: Promise<void>; stop(): void } {
  let received = 0;
  let onData: (chunk: Buffer) => void = () => {};
  const exceeded = new Promise<void>((resolve) => {
    onData = (chunk) => {
      received += chunk.length;
      if (received > maxBytes) {
        // Stop reading: the parser gets nothing more, and the answer closes the connection.
        request.raw.unpipe();
        request.raw.pause();
        resolve();
      }
    };
  });
  request.raw.on('data', onData);
  return { exceeded, stop: () => request.raw.off('data', onData) };
}

/** Limits are 413s with the caller's text; anything the multipart parser rejects is the client's 400. */
function toUploadError(error: unknown, tooLarge: () => AppError): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooManyParts);
    default:
      return new AppError('BAD_REQUEST', UPLOAD_MESSAGES.malformed, { cause: error });
  }
}
