import {
  DOCUMENT_MESSAGES,
  DOCUMENT_MIME_TYPES,
  type DocumentMimeType,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_PIXELS,
  sniffDocumentType,
} from '@adwuma/shared';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
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
 * Reads the one multipart field `file` (at most MAX_DOCUMENT_BYTES). Every way a body can be wrong
 * answers a 4xx with a clear message: not multipart 415, no file or another field 400, too large 413.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the document as multipart/form-data in the field "file".',
    );
  }
  try {
    const file = await request.file();
    if (!file) throw fileError('Choose a file to upload.');
    if (file.fieldname !== 'file') throw fileError('Send the document in the field "file".');
    const bytes = await file.toBuffer();
    return { bytes, filename: file.filename };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw fileError(DOCUMENT_MESSAGES.tooLarge, 413, 'PAYLOAD_TOO_LARGE');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Send one file in the field "file", nothing else.');
    }
    throw new AppError(400, 'BAD_REQUEST', 'The upload could not be read. Please try again.');
  }
}

export interface PreparedDocument {
  bytes: Buffer;
  mimeType: DocumentMimeType;
  extension: string;
}

/**
 * Judges the type from the bytes (never the name or the browser's claim) and makes what is stored:
 * images decoded and re-encoded in their own format after turning them upright by their EXIF
 * orientation — sharp writes no metadata unless asked, so EXIF (GPS position, camera serial) is
 * gone; PDFs are stored as they are. Bad input answers 400 with the reason.
 */
export async function prepareDocument(input: Buffer): Promise<PreparedDocument> {
  if (input.length === 0) throw fileError(DOCUMENT_MESSAGES.empty);
  if (input.length > MAX_DOCUMENT_BYTES)
    throw fileError(DOCUMENT_MESSAGES.tooLarge, 413, 'PAYLOAD_TOO_LARGE');
  const mimeType = sniffDocumentType(input);
  if (!mimeType) throw fileError(DOCUMENT_MESSAGES.wrongType);
  const extension = DOCUMENT_MIME_TYPES[mimeType];
  if (mimeType === 'application/pdf') return { bytes: input, mimeType, extension };

  let bytes: Buffer;
  try {
    const image = sharp(input, { limitInputPixels: MAX_DOCUMENT_PIXELS, failOn: 'error' }).rotate();
    const encoded =
      mimeType === 'image/jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : mimeType === 'image/png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 90 });
    bytes = await encoded.toBuffer();
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw fileError(DOCUMENT_MESSAGES.imageTooLarge);
    throw fileError(DOCUMENT_MESSAGES.unreadableImage);
  }
  if (bytes.length > MAX_DOCUMENT_BYTES)
    throw fileError(DOCUMENT_MESSAGES.tooLarge, 413, 'PAYLOAD_TOO_LARGE');
  return { bytes, mimeType, extension };
}
