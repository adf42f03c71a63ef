import { MAX_IMAGE_PIXELS } from '@adwuma/shared';
import sharp, { type Sharp } from 'sharp';
import type { AppError } from '../../lib/errors.ts';
import { fileError } from './uploaded-file.ts';

/**
 * Untrusted image bytes opened with sharp: refused above MAX_IMAGE_PIXELS before decoding, failing
 * on corrupt data, and turned upright by their EXIF orientation. Whatever is encoded from it carries
 * no metadata (sharp writes none unless asked), so EXIF (GPS position, camera serial) is gone.
 */
export function uprightImage(input: Buffer): Sharp {
  return sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
}

/** The 400 for an image sharp refused: too many pixels, or unreadable. */
export function imageFailure(
  error: unknown,
  messages: { tooManyPixels: string; unreadable: string },
): AppError {
  const message = error instanceof Error ? error.message : '';
  return fileError(/pixel limit/i.test(message) ? messages.tooManyPixels : messages.unreadable);
}
