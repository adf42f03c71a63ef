import { describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES, imageFileProblem, MAX_IMAGE_BYTES, sniffImageType } from './images.ts';

describe('public images', () => {
  it('knows JPEG, PNG and WebP by their first bytes, nothing else (not even a PDF)', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      'image/png',
    );
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('%PDF-1.4'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it('checks a chosen file as the server will: type (or extension), not empty, at most 10 MB', () => {
    const file = (name: string, type: string, size = 1000) => ({ name, type, size });
    expect(imageFileProblem(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(imageFileProblem(file('a.webp', ''))).toBeNull();
    expect(imageFileProblem(file('a.JPEG', ''))).toBeNull();
    expect(imageFileProblem(file('a.gif', 'image/gif'))).toBe(IMAGE_MESSAGES.wrongType);
    expect(imageFileProblem(file('a.pdf', 'application/pdf'))).toBe(IMAGE_MESSAGES.wrongType);
    expect(imageFileProblem(file('a.heic', ''))).toBe(IMAGE_MESSAGES.wrongType);
    expect(imageFileProblem(file('a.png', 'image/png', 0))).toBe(IMAGE_MESSAGES.empty);
    expect(imageFileProblem(file('a.png', 'image/png', MAX_IMAGE_BYTES))).toBeNull();
    expect(imageFileProblem(file('a.png', 'image/png', MAX_IMAGE_BYTES + 1))).toBe(IMAGE_MESSAGES.tooLarge);
  });
});
