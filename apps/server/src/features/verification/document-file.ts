import {
  DOCUMENT_MESSAGES,
  DOCUMENT_MIME_TYPES,
  type DocumentMimeType,
  MAX_DOCUMENT_BYTES,
  sniffDocumentType,
} from '@adwuma/shared';
import { imageFailure, uprightImage } from '../../kernel/files/images.ts';
import { fileError } from '../../kernel/files/uploaded-file.ts';

export interface PreparedDocument {
  bytes: Buffer;
  mimeType: DocumentMimeType;
  extension: string;
}

/**
 * Judges the type from the bytes (never the name or the browser's claim) and makes what is stored:
 * images decoded and re-encoded in their own format after turning them upright by their EXIF
 * orientation, without metadata (uprightImage); PDFs are stored as they are. Bad input answers 400
 * with the reason.
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
    const image = uprightImage(input);
    const encoded =
      mimeType === 'image/jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : mimeType === 'image/png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 90 });
    bytes = await encoded.toBuffer();
  } catch (error) {
    throw imageFailure(error, {
      tooManyPixels: DOCUMENT_MESSAGES.imageTooLarge,
      unreadable: DOCUMENT_MESSAGES.unreadableImage,
    });
  }
  if (bytes.length > MAX_DOCUMENT_BYTES)
    throw fileError(DOCUMENT_MESSAGES.tooLarge, 413, 'PAYLOAD_TOO_LARGE');
  return { bytes, mimeType, extension };
}
