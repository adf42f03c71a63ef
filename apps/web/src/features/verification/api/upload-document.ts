import {
  DOCUMENT_MESSAGES,
  DOCUMENT_MIME_TYPES,
  type DocumentType,
  isDocumentMimeType,
  MAX_DOCUMENT_BYTES,
  type ProviderDocument,
} from '@adwuma/shared';
import { ApiError, NETWORK_MESSAGE, notifySessionExpired, toApiError } from '../../../lib/api.ts';

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

export function isUploadAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
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

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/verification/documents/:type, multipart field `file`, through XMLHttpRequest: fetch
 * cannot report upload progress. Replaces the provider's document of that type.
 */
export function uploadDocument(
  type: DocumentType,
  file: File,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<ProviderDocument> {
  const path = documentUploadPath(type);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as ProviderDocument);
        return;
      }
      const error = toApiError(xhr.status, body);
      if (error.code === 'SESSION_EXPIRED') notifySessionExpired(path);
      reject(error);
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE)));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}
