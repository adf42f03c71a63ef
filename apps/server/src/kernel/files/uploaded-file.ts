import { DOCUMENT_MESSAGES } from '@adwuma/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

/** A 400 naming the multipart field `file`, with the bare reason as the message (for 'Upload Failed: …'). */
export function fileError(
  message: string,
  status = 400,
  code: 'VALIDATION_ERROR' | 'PAYLOAD_TOO_LARGE' = 'VALIDATION_ERROR',
) {
  return new AppError(status, code, message, { fields: [{ field: 'file', message }] });
}

export interface UploadedFile {
  bytes: Buffer;
  /** The client's file name, unsanitised. */
  filename: string;
}

/**
 * Reads the one multipart field `file` (at most the `fileSize` the route's multipart registration
 * allows). Every way a body can be wrong answers a 4xx with a clear message: not multipart 415, no
 * file or another field 400, too large 413. `noun` names what is sent ("document", "photo").
 */
export async function readUploadedFile(
  request: FastifyRequest,
  { noun = 'document', tooLarge = DOCUMENT_MESSAGES.tooLarge }: { noun?: string; tooLarge?: string } = {},
): Promise<UploadedFile> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the ${noun} as multipart/form-data in the field "file".`,
    );
  }
  try {
    const file = await request.file();
    if (!file) throw fileError('Choose a file to upload.');
    if (file.fieldname !== 'file') throw fileError(`Send the ${noun} in the field "file".`);
    const bytes = await file.toBuffer();
    return { bytes, filename: file.filename };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(tooLarge, 413, 'PAYLOAD_TOO_LARGE');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Send one file in the field "file", nothing else.');
    }
    throw new AppError(400, 'BAD_REQUEST', 'The upload could not be read. Please try again.');
  }
}
