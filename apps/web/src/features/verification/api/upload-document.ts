import {
  DOCUMENT_MESSAGES,
  DOCUMENT_MIME_TYPES,
  type DocumentType,
  isDocumentMimeType,
  MAX_DOCUMENT_BYTES,
  type ProviderDocument,
} from '@adwuma/shared';
import { ApiError } from '../../../lib/api.ts';
import { type UploadOptions, uploadFile } from '../../../lib/upload.ts';

export const documentUploadPath = (type: DocumentType) => `/api/verification/documents/${type}`;

/** What the "Choose file" input offers (the server judges the bytes again). */
export const DOCUMENT_ACCEPT = Object.keys(DOCUMENT_MIME_TYPES).join(',');

const EXTENSIONS: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/**
 * The server's checks, before any byte is sent: the type the browser names (or, when it names
 * none, the extension), not empty, at most 10 MB. Answers the reason, or null.
 */
export function documentProblem(file: File): string | null {
  const type = file.type || EXTENSIONS[file.name.split('.').pop()?.toLowerCase() ?? ''] || '';
  if (!isDocumentMimeType(type)) return DOCUMENT_MESSAGES.wrongType;
  if (file.size === 0) return DOCUMENT_MESSAGES.empty;
  if (file.size > MAX_DOCUMENT_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  return null;
}

/**
 * Why an upload failed, when the server said so (a 4xx with its message), else null: the caller
 * then shows spec 8's generic message. A 413 from the body limit itself may come without our
 * message.
 */
export function uploadFailureReason(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 413) return DOCUMENT_MESSAGES.tooLarge;
  if (error.status >= 400 && error.status < 500 && error.code !== 'HTTP_ERROR') return error.message;
  return null;
}

/**
 * POST /api/verification/documents/:type, multipart field `file`, with progress (uploadFile).
 * Replaces the provider's document of that type.
 */
export function uploadDocument(
  type: DocumentType,
  file: File,
  options: UploadOptions = {},
): Promise<ProviderDocument> {
  return uploadFile<ProviderDocument>(documentUploadPath(type), file, options);
}
