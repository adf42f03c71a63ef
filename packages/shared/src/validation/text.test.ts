import { describe, expect, it } from 'vitest';
import {
  containsControlCharacters,
  containsHtml,
  containsSql,
  controlCharacterMessage,
  escapeHtml,
  normalizeEmail,
  validateEmail,
  validatePasswordStrength,
  validateText,
} from './text.ts';

describe('validateText (spec 5 general text utilities)', () => {
  it('is required by default', () => {
    expect(validateText('')).toBe('This field is required');
    expect(validateText('   ')).toBe('This field is required');
    expect(validateText(undefined)).toBe('This field is required');
    expect(validateText('', { required: false })).toBeNull();
  });
  it('enforces a minimum length', () => {
    expect(validateText('ab', { minLength: 3 })).toBe('Must be at least 3 characters long');
    expect(validateText('abc', { minLength: 3 })).toBeNull();
  });
  it('caps at 5000 characters by default, or the given maximum', () => {
    expect(validateText('x'.repeat(5000))).toBeNull();
    expect(validateText('x'.repeat(5001))).toBe('Cannot exceed 5000 characters');
    expect(validateText('x'.repeat(11), { maxLength: 10 })).toBe('Cannot exceed 10 characters');
  });
  it('rejects HTML tags', () => {
    expect(validateText('<script>alert(1)</script>')).toBe('HTML tags are not allowed');
    expect(validateText('hello <b>there</b>')).toBe('HTML tags are not allowed');
    expect(validateText('prices < 50 and > 20')).toBeNull();
  });
  it('rejects SQL injection shapes but keeps everyday words', () => {
    expect(validateText("x' OR '1'='1")).toBe('Input contains potentially dangerous content');
    expect(validateText('1; DROP TABLE users')).toBe('Input contains potentially dangerous content');
    expect(validateText('UNION SELECT password FROM users')).toBe(
      'Input contains potentially dangerous content',
    );
    expect(validateText('select * from profiles')).toBe('Input contains potentially dangerous content');
    expect(validateText('Please select a plan from the list, then update me')).toBeNull();
    expect(validateText('Drop the kids at school and delete nothing')).toBeNull();
  });
  it('checks a pattern', () => {
    expect(validateText('abc', { pattern: /^\d+$/ })).toBe('Input format is invalid');
    expect(validateText('123', { pattern: /^\d+$/ })).toBeNull();
  });
  it('exposes the detectors', () => {
    expect(containsHtml('<img src=x onerror=alert(1)>')).toBe(true);
    expect(containsSql('delete from jobs')).toBe(true);
  });
});

describe('control characters (issue 15)', () => {
  it('refuses NUL, the other C0 controls and DEL anywhere, even where trimming would drop them', () => {
    expect(validateText('a\u0000b')).toBe('Control characters are not allowed');
    expect(validateText('bell\u0007')).toBe('Control characters are not allowed');
    expect(validateText('\u000bvertical tab')).toBe('Control characters are not allowed');
    expect(validateText('esc\u001b[31m')).toBe('Control characters are not allowed');
    expect(validateText('del\u007f')).toBe('Control characters are not allowed');
    expect(validateText('\u0000', { required: false })).toBe('Control characters are not allowed');
  });
  it('keeps tab, newline and carriage return in multi-line text', () => {
    expect(validateText('line one\r\nline two\tend')).toBeNull();
    expect(containsControlCharacters('a\tb\nc\rd')).toBe(false);
  });
  it('refuses tab and line breaks in single-line text', () => {
    expect(validateText('Ama\nMensah', { singleLine: true })).toBe(
      'Line breaks and tabs are not allowed here',
    );
    expect(validateText('Ama\tMensah', { singleLine: true })).toBe(
      'Line breaks and tabs are not allowed here',
    );
    expect(validateText('Ama Mensah', { singleLine: true })).toBeNull();
    expect(containsControlCharacters('a\nb', { singleLine: true })).toBe(true);
  });
  it('names NUL before line breaks and lets everyday unicode through', () => {
    expect(controlCharacterMessage('a\n\u0000', { singleLine: true })).toBe(
      'Control characters are not allowed',
    );
    expect(controlCharacterMessage('Akwaaba — Ɔdɔ ✓ 😀')).toBeNull();
    // C1 controls are not C0: left to the other rules.
    expect(containsControlCharacters('\u0085')).toBe(false);
  });
});

describe('lone surrogates (issue 29)', () => {
  it('refuses half of a surrogate pair, alone or in text, and names it', () => {
    for (const value of ['\uD800', 'x\uDFFFy', 'ab\uDBFF', '\uDC00start', '\uDE00\uD83D']) {
      expect(controlCharacterMessage(value)).toBe(
        'Contains a broken character (half an emoji); please type it again',
      );
    }
    expect(validateText('Kofi \uD83D')).toBe(
      'Contains a broken character (half an emoji); please type it again',
    );
  });
  it('lets whole pairs through: emoji, flags, families', () => {
    expect(controlCharacterMessage('😀👩‍👩‍👧‍👦🇬🇭 \uD83D\uDE00')).toBeNull();
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">Kofi's & Ama</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Kofi&#39;s &amp; Ama&lt;/a&gt;',
    );
  });
});

describe('validateEmail (spec 5 email utility)', () => {
  it('trims and lowercases', () => {
    expect(normalizeEmail('  Ama@Example.COM ')).toBe('ama@example.com');
    expect(validateEmail('  Ama@Example.COM ')).toBeNull();
  });
  it.each([
    ['', 'This field is required'],
    [`${'a'.repeat(64)}@${'b'.repeat(186)}.com`, 'Cannot exceed 254 characters'],
    ['no-at-sign', 'Please enter a valid email address'],
    ['a@b', 'Please enter a valid email address'],
    ['a..b@example.com', 'Email cannot contain consecutive dots'],
    ['.ab@example.com', 'Email cannot start or end with a dot'],
    ['ab.@example.com', 'Email cannot start or end with a dot'],
    [`${'a'.repeat(65)}@example.com`, 'Email local part too long'],
  ])('%s → %s', (email, message) => {
    expect(validateEmail(email)).toBe(message);
  });
});

describe('validatePasswordStrength (spec 5 password utility)', () => {
  it.each([
    ['Ab1!', 'Password must be at least 8 characters'],
    [`Ab1!${'x'.repeat(125)}`, 'Password cannot exceed 128 characters'],
    ['abcdefg1!', 'Password must contain at least one uppercase letter'],
    ['ABCDEFG1!', 'Password must contain at least one lowercase letter'],
    ['Abcdefgh!', 'Password must contain at least one number'],
    ['Abcdefgh1', 'Password must contain at least one special character'],
    ['Abc defg1!', 'Password cannot contain spaces'],
  ])('%s → %s', (password, message) => {
    expect(validatePasswordStrength(password)).toBe(message);
  });
  it('accepts a strong password', () => {
    expect(validatePasswordStrength('Akwaaba2026!')).toBeNull();
  });
});
