/**
 * General text utilities of spec 5 "General text utilities". Plain functions with no dependencies so
 * that the lean landing bundle can use them; the zod schemas wrap them.
 * Each validator answers `null` when the value is acceptable, else the spec's exact message.
 */

export const TEXT_MAX_DEFAULT = 5000;
export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;
export const EMAIL_DOMAIN_MAX = 253;
export const PASSWORD_UTILITY_MIN = 8;
export const PASSWORD_UTILITY_MAX = 128;

export const textMessages = {
  required: 'This field is required',
  minLength: (n: number) => `Must be at least ${n} characters long`,
  maxLength: (n: number) => `Cannot exceed ${n} characters`,
  html: 'HTML tags are not allowed',
  sql: 'Input contains potentially dangerous content',
  pattern: 'Input format is invalid',
  control: 'Control characters are not allowed',
  singleLine: 'Line breaks and tabs are not allowed here',
  brokenCharacter: 'Contains a broken character (half an emoji); please type it again',
} as const;

export const emailMessages = {
  required: 'This field is required',
  tooLong: `Cannot exceed ${EMAIL_MAX} characters`,
  invalid: 'Please enter a valid email address',
  consecutiveDots: 'Email cannot contain consecutive dots',
  edgeDot: 'Email cannot start or end with a dot',
  localTooLong: 'Email local part too long',
  domainTooLong: 'Email domain too long',
} as const;

export const passwordMessages = {
  tooShort: `Password must be at least ${PASSWORD_UTILITY_MIN} characters`,
  tooLong: `Password cannot exceed ${PASSWORD_UTILITY_MAX} characters`,
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
  spaces: 'Password cannot contain spaces',
} as const;

const HTML_TAG = /<\/?[a-z!][^>]*>/i;
// Statement shapes typical of SQL injection, not lone words: "select" or "update" alone are everyday
// English ("Select the best tutor", "update my set of braids" stays allowed); see docs/decisions.
const SQL_PATTERNS: readonly RegExp[] = [
  /\bunion\s+(all\s+)?select\b/i,
  /\bselect\s+(\*|[\w.,\s]+)\s+from\s+[\w."]+\s*(where|;|$)/i,
  /\binsert\s+into\s+[\w."]+/i,
  /\bdelete\s+from\s+[\w."]+/i,
  /\b(drop|truncate|alter)\s+(table|database|schema)\b/i,
  /\bupdate\s+[\w."]+\s+set\s+[\w."]+\s*=/i,
  /;\s*(select|insert|update|delete|drop|truncate|alter|exec)\b/i,
  /'\s*(or|and)\s+'?\w+'?\s*=\s*'?\w+/i,
  /--\s*$|\/\*.*\*\//,
  /\bexec(ute)?\s+(xp_|sp_)\w+/i,
];

// NUL and the other C0 controls and DEL never belong in text (Postgres refuses NUL outright); tab,
// newline and carriage return are ordinary in multi-line text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAKS_AND_TABS = /[\t\n\r]/;
/**
 * A UTF-16 surrogate without its other half (issue 29) is no character at all: Postgres refuses it in
 * jsonb (a 500) and a text column stores U+FFFD in its place (lost data), so it is refused up front.
 * `isWellFormed` is in Node 20 and every browser since 2023; an older browser leaves it to the server.
 */
function hasLoneSurrogate(value: string): boolean {
  return (value as { isWellFormed?: () => boolean }).isWellFormed?.() === false;
}

/** Whether `value` holds a control character (C0 or DEL); tab, newline and CR count only when `singleLine`. */
export function containsControlCharacters(value: string, options: { singleLine?: boolean } = {}): boolean {
  return controlCharacterMessage(value, options) !== null;
}

/**
 * The message for a character that never belongs in text, or null: a control character (C0 or DEL;
 * tab, newline and CR only when `singleLine`) or a lone surrogate. The shared wording of client and
 * server, used by the server's input guard on every route and by `validateText`.
 */
export function controlCharacterMessage(
  value: string,
  options: { singleLine?: boolean } = {},
): string | null {
  if (CONTROL_CHARACTERS.test(value)) return textMessages.control;
  if (hasLoneSurrogate(value)) return textMessages.brokenCharacter;
  if (options.singleLine === true && LINE_BREAKS_AND_TABS.test(value)) return textMessages.singleLine;
  return null;
}

export function containsHtml(value: string): boolean {
  return HTML_TAG.test(value);
}

export function containsSql(value: string): boolean {
  return SQL_PATTERNS.some((pattern) => pattern.test(value));
}

export interface TextRules {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  /** Refuse tab, newline and carriage return too (names, titles, search terms). */
  singleLine?: boolean;
}

/**
 * Spec 5: required by default, min length, max 5000 by default, no HTML, no SQL, optional pattern;
 * and no control characters (issue 15), checked before trimming so none is stored or slips through.
 */
export function validateText(value: string | null | undefined, rules: TextRules = {}): string | null {
  const { required = true, minLength, maxLength = TEXT_MAX_DEFAULT, pattern, singleLine } = rules;
  const control = controlCharacterMessage(value ?? '', { singleLine });
  if (control) return control;
  const text = (value ?? '').trim();
  if (text.length === 0) return required ? textMessages.required : null;
  if (minLength !== undefined && text.length < minLength) return textMessages.minLength(minLength);
  if (text.length > maxLength) return textMessages.maxLength(maxLength);
  if (containsHtml(text)) return textMessages.html;
  if (containsSql(text)) return textMessages.sql;
  if (pattern && !pattern.test(text)) return textMessages.pattern;
  return null;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Spec 5: output HTML-escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trim and lowercase, as every email the product stores. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Spec 5 email utility: required, max 254, basic shape, dots, part lengths. */
export function validateEmail(value: string | null | undefined): string | null {
  const email = normalizeEmail(value ?? '');
  if (email.length === 0) return emailMessages.required;
  if (email.length > EMAIL_MAX) return emailMessages.tooLong;
  if (!EMAIL_SHAPE.test(email)) return emailMessages.invalid;
  if (email.includes('..')) return emailMessages.consecutiveDots;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.startsWith('.') || local.endsWith('.') || domain.startsWith('.') || domain.endsWith('.')) {
    return emailMessages.edgeDot;
  }
  if (local.length > EMAIL_LOCAL_MAX) return emailMessages.localTooLong;
  if (domain.length > EMAIL_DOMAIN_MAX) return emailMessages.domainTooLong;
  return null;
}

/** Spec 5 password utility: 8 to 128, upper, lower, digit, special, no spaces. */
export function validatePasswordStrength(value: string): string | null {
  if (/\s/.test(value)) return passwordMessages.spaces;
  if (value.length < PASSWORD_UTILITY_MIN) return passwordMessages.tooShort;
  if (value.length > PASSWORD_UTILITY_MAX) return passwordMessages.tooLong;
  if (!/[A-Z]/.test(value)) return passwordMessages.uppercase;
  if (!/[a-z]/.test(value)) return passwordMessages.lowercase;
  if (!/[0-9]/.test(value)) return passwordMessages.number;
  if (!/[^A-Za-z0-9]/.test(value)) return passwordMessages.special;
  return null;
}
