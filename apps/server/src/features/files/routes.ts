import { DOCUMENT_MESSAGES, PUBLIC_FILES_PATH } from '@adwuma/shared';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  isValidStorageKey,
  type LocalFileStore,
  parseFileUrlExpiry,
  verifyFileUrlSignature,
} from '../../plugins/storage.ts';
import type { App } from '../../types.ts';

/** What a stored file may do once opened: show itself, nothing more (no script, no form, no fetch). */
const FILE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

const PUBLIC_FILE_NOT_FOUND = 'No such file.';

/**
 * Public files, `GET /api/files/public/{key}`: on the local store and on S3 alike the server passes
 * them through (the bucket stays private, no bucket policy to get wrong).
 *
 * The local store's signed URLs (spec 7: private bucket, signed URLs valid 3600 s):
 * `GET /api/files/{bucket}/{key}?expires={unix s}&sig={hex HMAC}`. The signature is the only
 * credential, so the URL works in an <img> or a new tab; a bad or expired one answers 403.
 * With S3_* set the signed URLs point at the bucket instead and this route finds nothing.
 */
export async function fileRoutes(app: App) {
  const store = app.deps.storage;
  const local = store.kind === 'local' ? (store as LocalFileStore) : null;

  // The static `public` segment wins over the signed route's `:bucket`.
  app.get(
    `${PUBLIC_FILES_PATH}/*`,
    {
      schema: {
        tags: ['files'],
        summary:
          'A public file (service photos: the url / thumb_url of a photo), without a signature, cacheable forever; 404 when missing',
        params: z.object({ '*': z.string().max(1024) }),
      },
      // A profile shows many thumbnails at once; browsers cache them (immutable), so this is generous.
      config: { access: 'public', rateLimit: { max: 1200, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!isValidStorageKey(key)) throw notFound(PUBLIC_FILE_NOT_FOUND);
      const file = await store.publicFiles.get(key);
      if (!file) throw notFound(PUBLIC_FILE_NOT_FOUND);
      return (
        reply
          .header('content-type', file.contentType)
          // A key never changes content (each upload gets a new random key).
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .header('content-security-policy', FILE_CSP)
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(file.bytes)
      );
    },
  );

  app.get(
    '/api/files/:bucket/*',
    {
      config: { access: 'public' },
      schema: {
        tags: ['files'],
        summary:
          'A stored file through a signed URL (from GET /api/verification and the admin review); 403 for a bad or expired signature, 404 when missing',
        params: z.object({ bucket: z.string().max(100), '*': z.string().max(1024) }),
        querystring: z.object({
          expires: z.string().max(20).optional(),
          sig: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      if (!local) throw notFound(DOCUMENT_MESSAGES.notFound);
      const { bucket, '*': key } = request.params;
      const expires = parseFileUrlExpiry(request.query.expires);
      const sig = request.query.sig ?? '';
      const valid =
        bucket === local.bucket &&
        isValidStorageKey(key) &&
        expires !== null &&
        verifyFileUrlSignature(local.signingKey, bucket, key, expires, sig);
      if (!valid) throw new AppError(403, 'FORBIDDEN', DOCUMENT_MESSAGES.linkInvalid);
      const remaining = expires - Math.floor(Date.now() / 1000);
      if (remaining <= 0) throw new AppError(403, 'FORBIDDEN', DOCUMENT_MESSAGES.linkExpired);

      const file = await local.get(key);
      if (!file) throw notFound(DOCUMENT_MESSAGES.notFound);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', `private, max-age=${remaining}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('content-security-policy', FILE_CSP)
        .header('cross-origin-resource-policy', 'same-origin')
        .send(file.bytes);
    },
  );
}
