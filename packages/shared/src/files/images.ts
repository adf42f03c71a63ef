import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_PIXELS, sniffDocumentType } from '../verification/documents.ts';

/**
 * Public images (service photos, job photos): what may be uploaded, the limits and the messages.
 * The server judges the type from the bytes and re-encodes every image as WebP without metadata;
 * the client runs the same checks before sending, to answer at once.
 */

/** What may be uploaded, judged from the bytes. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
/** The `accept` of a file input for images. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');
/** Upload cap, as for documents: 10 MB. */
export const MAX_IMAGE_BYTES = MAX_DOCUMENT_BYTES;
/** Images larger than this many pixels are refused before decoding (a decompression bomb guard). */
export const MAX_IMAGE_PIXELS = MAX_DOCUMENT_PIXELS;
/** Where public files are served, without a signature: `${PUBLIC_FILES_PATH}/{key}`. */
export const PUBLIC_FILES_PATH = '/api/files/public';

export function isImageMimeType(value: string): value is ImageMimeType {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(value);
}

/** JPEG, PNG or WebP by the first bytes (magic numbers), never by the name; null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageMimeType | null {
  const type = sniffDocumentType(bytes);
  return type && isImageMimeType(type) ? type : null;
}

export const IMAGE_MESSAGES = {
  wrongType: 'Only JPEG, PNG or WebP images are accepted.',
  empty: 'The file is empty.',
  tooLarge: 'The image is larger than 10 MB.',
  unreadable: 'The image could not be read. Please try another photo.',
  tooManyPixels: 'The image is too large: use a photo of at most 50 megapixels.',
  uploadFailed: 'The photo was not uploaded. Please try again.',
} as const;

const EXTENSIONS: Record<string, ImageMimeType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * The server's checks on a chosen file, before any byte is sent: the type the browser names (or,
 * when it names none, the extension), not empty, at most 10 MB. The reason, or null.
 */
export function imageFileProblem(file: { type: string; size: number; name: string }): string | null {
  const type = file.type || EXTENSIONS[file.name.split('.').pop()?.toLowerCase() ?? ''] || '';
  if (!isImageMimeType(type)) return IMAGE_MESSAGES.wrongType;
  if (file.size === 0) return IMAGE_MESSAGES.empty;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}
