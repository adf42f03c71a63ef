/**
 * Identity documents: the three kinds, the upload limits, the Ghana Card number, the object path rule
 * of spec 5 and the document messages of spec 8.
 */

export const DOCUMENT_TYPES = ['front', 'back', 'selfie'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  front: 'Ghana Card — front',
  back: 'Ghana Card — back',
  selfie: 'Selfie holding your card',
};

/** The storage bucket of spec 7. Private: files are reached through signed URLs only. */
export const DOCUMENTS_BUCKET = 'provider-documents';
/** Spec 9: signed URLs valid 3600 s. */
export const SIGNED_URL_TTL_SECONDS = 3600;
/** Upload cap: 10 MB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** Images larger than this many pixels are refused before decoding (a decompression bomb guard). */
export const MAX_DOCUMENT_PIXELS = 50_000_000;
/** Longest stored display name of an uploaded file. */
export const DOCUMENT_FILENAME_MAX = 255;

/** Accepted content types, judged from the bytes, with the extension each is stored under. */
export const DOCUMENT_MIME_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
} as const;
export type DocumentMimeType = keyof typeof DOCUMENT_MIME_TYPES;

export function isDocumentMimeType(value: string): value is DocumentMimeType {
  return Object.hasOwn(DOCUMENT_MIME_TYPES, value);
}

/** The content type a stored document's extension stands for (jpg, jpeg, png, webp, pdf), or null. */
export function documentMimeTypeForExtension(extension: string): DocumentMimeType | null {
  const ext = extension.toLowerCase() === 'jpeg' ? 'jpg' : extension.toLowerCase();
  const found = Object.entries(DOCUMENT_MIME_TYPES).find(([, e]) => e === ext);
  return found ? (found[0] as DocumentMimeType) : null;
}

/**
 * The name an uploaded file is shown under (never used to store or find it): the last part of the
 * client's path, without control or bidirectional-override characters, characters no file system
 * accepts, or leading dots; at most 255 characters. Empty results fall back to `fallback`.
 */
export function sanitizeDocumentFilename(name: string | null | undefined, fallback: string): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    // C0 and C1 controls, DEL, and bidirectional overrides that can disguise an extension.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  const limited = Array.from(cleaned).slice(0, DOCUMENT_FILENAME_MAX).join('');
  return limited || fallback;
}

/**
 * The document type a fallback `document_verifications.doc_kind` names (`front`, `id_front`,
 * `ghana_card_back`, `selfie`, …), or null when it names none of the three.
 */
export function documentTypeFromKind(kind: string | null | undefined): DocumentType | null {
  const value = (kind ?? '').toLowerCase();
  return DOCUMENT_TYPES.find((type) => value.includes(type)) ?? null;
}

/**
 * What a fallback `document_verifications.document_url` holds: a storage path in the
 * provider-documents bucket (optionally prefixed with the bucket name), an absolute http(s) URL from
 * a migrated system, or nothing usable.
 */
export function parseDocumentUrl(
  value: string | null | undefined,
): { kind: 'path'; key: string } | { kind: 'url'; url: string } | null {
  const raw = (value ?? '').trim();
  if (/^https?:\/\//i.test(raw)) {
    try {
      return { kind: 'url', url: new URL(raw).toString() };
    } catch {
      return null;
    }
  }
  const key = raw.replace(/^\/+/, '').replace(new RegExp(`^${DOCUMENTS_BUCKET}/`), '');
  return documentPathOwner(key) ? { kind: 'path', key } : null;
}

/**
 * Judges the content type from the first bytes (magic numbers), never from the name or the
 * browser's claim: JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, WebP RIFF....WEBP, PDF %PDF-.
 */
export function sniffDocumentType(bytes: Uint8Array): DocumentMimeType | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => at(i) === b)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 5 && ascii(0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

/**
 * Spec 5: "Uploaded document paths are built from the user id, kind, timestamp, random id and file
 * extension": `{userId}/{kind}/{timestamp}-{randomId}.{ext}`. Every part is checked so that nothing
 * a caller supplies can climb out of the user's folder.
 */
export function buildDocumentPath(input: {
  userId: string;
  kind: DocumentType;
  timestamp: number;
  randomId: string;
  extension: string;
}): string {
  const safe = /^[A-Za-z0-9_-]+$/;
  if (!safe.test(input.userId)) throw new Error('Invalid user id for a document path');
  if (!(DOCUMENT_TYPES as readonly string[]).includes(input.kind)) throw new Error('Invalid document kind');
  if (!Number.isSafeInteger(input.timestamp) || input.timestamp < 0) throw new Error('Invalid timestamp');
  if (!safe.test(input.randomId)) throw new Error('Invalid random id for a document path');
  if (!/^[a-z0-9]{1,5}$/.test(input.extension)) throw new Error('Invalid file extension');
  return `${input.userId}/${input.kind}/${input.timestamp}-${input.randomId}.${input.extension}`;
}

/** The user id a stored path belongs to (its first segment), or null for a malformed path. */
export function documentPathOwner(path: string): string | null {
  const match = /^([A-Za-z0-9_-]+)\/(front|back|selfie)\/\d+-[A-Za-z0-9_-]+\.[a-z0-9]{1,5}$/.exec(path);
  return match ? (match[1] ?? null) : null;
}

/**
 * Ghana Card (National Identification Authority) number: GHA-123456789-0 — "GHA", nine digits and a
 * check digit. Spaces are removed and letters upper-cased before checking.
 */
export const GHANA_CARD_PATTERN = /^GHA-\d{9}-\d$/;
export const GHANA_CARD_MESSAGE = 'Enter your Ghana Card number as GHA-123456789-0';

export function normalizeGhanaCardNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function isValidGhanaCardNumber(value: string): boolean {
  return GHANA_CARD_PATTERN.test(normalizeGhanaCardNumber(value));
}

/** Spec 8 "Documents" messages, exactly, plus the reasons we add after 'Upload Failed: '. */
export const DOCUMENT_MESSAGES = {
  uploadFailed: 'Upload Failed: Failed to upload document. Please try again.',
  uploadFailedBecause: (reason: string) => `Upload Failed: ${reason}`,
  submissionFailed: 'Submission Failed',
  verificationFailed: 'Verification Failed',
  uploaded: 'Document Uploaded',
  submitted: 'Submitted for Review',
  started: 'Verification Started',
  removed: 'Document Removed',
  // Reasons the server names (our wording: the spec shows no server answers).
  wrongType: 'Only JPEG, PNG, WebP images or PDF files are accepted.',
  empty: 'The file is empty.',
  tooLarge: 'The file is larger than 10 MB.',
  unreadableImage: 'The image could not be read. Please take the photo again.',
  missingDocuments: 'Upload the front and back of your Ghana Card and a selfie before submitting.',
  underReview: 'Your documents are being reviewed; they cannot be changed now.',
  alreadyVerified: 'Your identity is already verified.',
  imageTooLarge: 'The image is too large: use a photo of at most 50 megapixels.',
  notFound: 'No such document.',
  linkInvalid: 'This file link is not valid. Reload the page to get a new one.',
  linkExpired: 'This file link has expired. Reload the page to get a new one.',
} as const;
