import { describe, expect, it } from 'vitest';
import {
  buildDocumentPath,
  documentMimeTypeForExtension,
  documentPathOwner,
  documentTypeFromKind,
  isValidGhanaCardNumber,
  normalizeGhanaCardNumber,
  parseDocumentUrl,
  sanitizeDocumentFilename,
  sniffDocumentType,
} from './documents.ts';
import { reviewDecisionSchema, submitVerificationSchema } from './schemas.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('spec 5: document paths', () => {
  it('are built from the user id, kind, timestamp, random id and extension', () => {
    expect(
      buildDocumentPath({
        userId: 'u_123',
        kind: 'front',
        timestamp: 1700000000000,
        randomId: 'abc-DEF',
        extension: 'jpg',
      }),
    ).toBe('u_123/front/1700000000000-abc-DEF.jpg');
  });

  it('refuse anything that could climb out of the user folder', () => {
    const base = { userId: 'u1', kind: 'front' as const, timestamp: 1, randomId: 'r', extension: 'jpg' };
    expect(() => buildDocumentPath({ ...base, userId: '../other' })).toThrow();
    expect(() => buildDocumentPath({ ...base, randomId: 'a/b' })).toThrow();
    expect(() => buildDocumentPath({ ...base, extension: 'jpg/../x' })).toThrow();
    expect(() => buildDocumentPath({ ...base, kind: 'passport' as never })).toThrow();
    expect(() => buildDocumentPath({ ...base, timestamp: -1 })).toThrow();
  });

  it('name their owner, and malformed paths have none', () => {
    expect(documentPathOwner('u1/selfie/17-abc.png')).toBe('u1');
    expect(documentPathOwner('../u1/selfie/17-abc.png')).toBeNull();
    expect(documentPathOwner('u1/selfie/../../etc/passwd')).toBeNull();
    expect(documentPathOwner('u1/other/17-abc.png')).toBeNull();
  });
});

describe('content type from the bytes', () => {
  it('recognises JPEG, PNG, WebP and PDF', () => {
    expect(sniffDocumentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffDocumentType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffDocumentType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffDocumentType(bytes('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('refuses anything else, whatever its name, and empty input', () => {
    expect(sniffDocumentType(bytes('MZ', 0x90, 0))).toBeNull();
    expect(sniffDocumentType(bytes('GIF89a'))).toBeNull();
    expect(sniffDocumentType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffDocumentType(new Uint8Array())).toBeNull();
  });
});

describe('Ghana Card number', () => {
  it('accepts GHA-123456789-0, with spaces or lower case', () => {
    expect(isValidGhanaCardNumber('GHA-123456789-0')).toBe(true);
    expect(isValidGhanaCardNumber(' gha-123456789-0 ')).toBe(true);
    expect(normalizeGhanaCardNumber('gha - 123456789 - 0')).toBe('GHA-123456789-0');
  });

  it('refuses other shapes', () => {
    for (const bad of [
      'GHA-12345678-0',
      'GHA-1234567890-0',
      'NGA-123456789-0',
      'GHA123456789-0',
      '',
      'GHA-12345678A-0',
    ]) {
      expect(isValidGhanaCardNumber(bad)).toBe(false);
    }
  });

  it('is normalised and checked by the submit schema', () => {
    expect(submitVerificationSchema.parse({ ghana_card_number: 'gha-123456789-0' })).toEqual({
      ghana_card_number: 'GHA-123456789-0',
    });
    expect(submitVerificationSchema.safeParse({ ghana_card_number: 'GHA-1' }).success).toBe(false);
  });
});

describe('review decisions', () => {
  it('need a note to reject, not to approve', () => {
    expect(reviewDecisionSchema.safeParse({ decision: 'approve' }).success).toBe(true);
    const rejected = reviewDecisionSchema.safeParse({ decision: 'reject', note: '  ' });
    expect(rejected.success).toBe(false);
    expect(rejected.error?.issues[0]?.path).toEqual(['note']);
    expect(
      reviewDecisionSchema.safeParse({ decision: 'reject', note: 'The selfie is blurred' }).success,
    ).toBe(true);
    expect(reviewDecisionSchema.safeParse({ decision: 'reject', note: '<b>no</b>' }).success).toBe(false);
  });
});

describe('the display name of an upload', () => {
  it('keeps an ordinary name', () => {
    expect(sanitizeDocumentFilename('Ghana card (front).jpg', 'front.jpg')).toBe('Ghana card (front).jpg');
  });

  it('drops path parts, control and bidi characters, leading dots and forbidden characters', () => {
    expect(sanitizeDocumentFilename('../../etc/passwd', 'x')).toBe('passwd');
    expect(sanitizeDocumentFilename('C:\\Users\\ama\\card.png', 'x')).toBe('card.png');
    expect(sanitizeDocumentFilename('ca\u0000rd\r\n.png', 'x')).toBe('card.png');
    expect(sanitizeDocumentFilename('photo\u202Egpj.exe', 'x')).toBe('photogpj.exe');
    expect(sanitizeDocumentFilename('...hidden.pdf', 'x')).toBe('hidden.pdf');
    expect(sanitizeDocumentFilename('a<b>:c|d?.pdf', 'x')).toBe('a_b__c_d_.pdf');
  });

  it('is at most 255 characters and never empty', () => {
    expect(sanitizeDocumentFilename(`${'a'.repeat(400)}.jpg`, 'x')).toHaveLength(255);
    expect(sanitizeDocumentFilename('../', 'front.jpg')).toBe('front.jpg');
    expect(sanitizeDocumentFilename(undefined, 'selfie.png')).toBe('selfie.png');
    expect(sanitizeDocumentFilename(' \u0007 ', 'back.pdf')).toBe('back.pdf');
  });
});

describe('stored documents', () => {
  it('have a content type from their extension', () => {
    expect(documentMimeTypeForExtension('jpg')).toBe('image/jpeg');
    expect(documentMimeTypeForExtension('JPEG')).toBe('image/jpeg');
    expect(documentMimeTypeForExtension('pdf')).toBe('application/pdf');
    expect(documentMimeTypeForExtension('webp')).toBe('image/webp');
    expect(documentMimeTypeForExtension('exe')).toBeNull();
  });

  it('read the fallback table: kinds and urls', () => {
    expect(documentTypeFromKind('front')).toBe('front');
    expect(documentTypeFromKind('ghana_card_back')).toBe('back');
    expect(documentTypeFromKind('SELFIE')).toBe('selfie');
    expect(documentTypeFromKind('passport')).toBeNull();
    expect(parseDocumentUrl('u1/front/17-abc.jpg')).toEqual({ kind: 'path', key: 'u1/front/17-abc.jpg' });
    expect(parseDocumentUrl('provider-documents/u1/back/17-abc.png')).toEqual({
      kind: 'path',
      key: 'u1/back/17-abc.png',
    });
    expect(parseDocumentUrl('https://files.example/x.jpg')).toEqual({
      kind: 'url',
      url: 'https://files.example/x.jpg',
    });
    expect(parseDocumentUrl('javascript:alert(1)')).toBeNull();
    expect(parseDocumentUrl('../u1/front/17-abc.jpg')).toBeNull();
    expect(parseDocumentUrl('')).toBeNull();
  });
});
