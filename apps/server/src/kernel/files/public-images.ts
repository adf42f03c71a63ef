import { randomBytes } from 'node:crypto';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES, PUBLIC_FILES_PATH, sniffImageType } from '@adwuma/shared';
import type { Sharp } from 'sharp';
import { AppError } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { imageFailure, uprightImage } from './images.ts';
import { fileError } from './uploaded-file.ts';

/**
 * Public images (service photos; job photos next): an upload checked and re-encoded into WebP
 * variants in the storage's public area, served to anyone without a signature at
 * `/api/files/public/{key}` (features/files/routes.ts), cached forever: a key never changes content.
 *
 *   const image = await storePublicImage(app.deps, file.bytes, { folder: `jobs/${jobId}` });
 *   // save image.large.key / image.thumb.key and the sizes in your row, then answer
 *   // publicFileUrl(image.large.key) and publicFileUrl(image.thumb.key);
 *   // when the row goes: await removePublicImages(app.deps, [row.large_key, row.thumb_key]);
 *
 * If saving the row fails after storePublicImage, call removePublicImages for the two keys.
 */

/** Longest side of each variant, in pixels (never enlarged). */
export const PUBLIC_IMAGE_SIZES = { large: 1200, thumb: 400 } as const;
export const PUBLIC_IMAGE_CONTENT_TYPE = 'image/webp';

export interface PublicImageVariant {
  /** Key in the public area (`storage.publicFiles`); its URL is publicFileUrl(key). */
  key: string;
  width: number;
  height: number;
  /** Bytes stored. */
  size: number;
}

export interface PublicImage {
  contentType: typeof PUBLIC_IMAGE_CONTENT_TYPE;
  /** At most 1200 × 1200, aspect kept. */
  large: PublicImageVariant;
  /** At most 400 × 400, aspect kept. */
  thumb: PublicImageVariant;
}

/** A folder is lower-case words, then any id segments: `services/{serviceId}`, `jobs/{jobId}`. */
const FOLDER = /^[a-z0-9][a-z0-9-]*(\/[A-Za-z0-9_-]+)*$/;

/** The stable public URL of a key in the public area (a path on our origin). */
export function publicFileUrl(key: string): string {
  return `${PUBLIC_FILES_PATH}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

async function encode(image: Sharp, side: number, quality: number) {
  const { data, info } = await image
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Checks an uploaded image and stores its public variants under `{folder}/{random}-large.webp` and
 * `{folder}/{random}-thumb.webp` (128 random bits: URLs cannot be guessed from the folder).
 * JPEG, PNG or WebP judged from the bytes; at most MAX_IMAGE_BYTES; turned upright by its EXIF
 * orientation, then encoded without any metadata. Bad input answers 400 (413 when too large) with
 * the reason naming the field `file`; a storage failure answers 503.
 */
export async function storePublicImage(
  deps: Pick<Deps, 'storage' | 'log'>,
  input: Buffer,
  { folder }: { folder: string },
): Promise<PublicImage> {
  if (!FOLDER.test(folder)) throw new Error(`Invalid public image folder: ${JSON.stringify(folder)}`);
  if (input.length === 0) throw fileError(IMAGE_MESSAGES.empty);
  if (input.length > MAX_IMAGE_BYTES) throw fileError(IMAGE_MESSAGES.tooLarge, 413, 'PAYLOAD_TOO_LARGE');
  if (!sniffImageType(input)) throw fileError(IMAGE_MESSAGES.wrongType);

  let large: Awaited<ReturnType<typeof encode>>;
  let thumb: Awaited<ReturnType<typeof encode>>;
  try {
    large = await encode(uprightImage(input), PUBLIC_IMAGE_SIZES.large, 82);
    // From the large one: already upright, far fewer pixels to decode.
    thumb = await encode(uprightImage(large.data), PUBLIC_IMAGE_SIZES.thumb, 75);
  } catch (error) {
    throw imageFailure(error, IMAGE_MESSAGES);
  }

  const id = randomBytes(16).toString('base64url');
  const keys = { large: `${folder}/${id}-large.webp`, thumb: `${folder}/${id}-thumb.webp` };
  const area = deps.storage.publicFiles;
  try {
    await area.put(keys.large, large.data, PUBLIC_IMAGE_CONTENT_TYPE);
    await area.put(keys.thumb, thumb.data, PUBLIC_IMAGE_CONTENT_TYPE);
  } catch (error) {
    deps.log.error({ err: error, folder }, 'storing a public image failed');
    await removePublicImages(deps, [keys.large, keys.thumb]);
    throw new AppError(503, 'SERVICE_UNAVAILABLE', IMAGE_MESSAGES.uploadFailed);
  }
  const variant = (key: string, v: typeof large): PublicImageVariant => ({
    key,
    width: v.width,
    height: v.height,
    size: v.data.length,
  });
  return {
    contentType: PUBLIC_IMAGE_CONTENT_TYPE,
    large: variant(keys.large, large),
    thumb: variant(keys.thumb, thumb),
  };
}

/**
 * Removes public files; never throws (a file left behind is logged, not a failure of the request).
 * Nulls are skipped, so a row's nullable key can be passed as it is.
 */
export async function removePublicImages(
  deps: Pick<Deps, 'storage' | 'log'>,
  keys: readonly (string | null | undefined)[],
): Promise<void> {
  await Promise.all(
    keys
      .filter((key): key is string => Boolean(key))
      .map((key) =>
        deps.storage.publicFiles
          .delete(key)
          .catch((err) => deps.log.warn({ err, key }, 'could not remove a public image')),
      ),
  );
}

/** The columns a photo row keeps of its image (service_photos, job_photos). */
export interface PhotoColumns {
  storage_key: string;
  public_key: string;
  content_type: string;
  width: number;
  height: number;
}

/**
 * Stores an uploaded image's public variants, then runs `save` with the columns for its row; if
 * `save` throws (refused, or the row failed), the files are removed again and the error goes on.
 */
export async function storePhotoThen<T>(
  deps: Pick<Deps, 'storage' | 'log'>,
  input: Buffer,
  folder: string,
  save: (columns: PhotoColumns) => Promise<T>,
): Promise<T> {
  const image = await storePublicImage(deps, input, { folder });
  try {
    return await save({
      storage_key: image.large.key,
      public_key: image.thumb.key,
      content_type: image.contentType,
      width: image.large.width,
      height: image.large.height,
    });
  } catch (error) {
    await removePublicImages(deps, [image.large.key, image.thumb.key]);
    throw error;
  }
}
