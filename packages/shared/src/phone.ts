/**
 * Ghana phone numbers: +233 followed by nine digits (mobile 2x/5x, fixed lines 3x). Accepts the
 * local form 0XX XXX XXXX and spaces or dashes; stores +233XXXXXXXXX.
 */
const GHANA = /^(?:\+?233|0)([235]\d{8})$/;

export const GHANA_PHONE_MESSAGE = 'Enter a Ghana phone number, e.g. +233 24 123 4567';

export function normalizeGhanaPhone(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, '');
  const match = GHANA.exec(compact);
  return match ? `+233${match[1]}` : null;
}

export function formatGhanaPhone(e164: string): string {
  const digits = e164.replace(/^\+233/, '');
  return `+233 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
}

/**
 * Issue 29: the prefixes of Ghana's mobile networks (the local form's first three digits): 024, 025,
 * 053, 054, 055, 059 (MTN), 020, 050 (Telecel), 026, 027, 056, 057 (AirtelTigo), and 023, 028 (also
 * allocated to mobile networks). Fixed lines (03x) cannot receive an SMS: codes go to these only.
 */
export const GHANA_MOBILE_PREFIXES = [
  '020',
  '023',
  '024',
  '025',
  '026',
  '027',
  '028',
  '050',
  '053',
  '054',
  '055',
  '056',
  '057',
  '059',
] as const;
export type GhanaMobilePrefix = (typeof GHANA_MOBILE_PREFIXES)[number];

export const GHANA_MOBILE_MESSAGE =
  'Enter a Ghana mobile number (024, 054, 020, …); landlines cannot receive codes.';

/** A stored number's network prefix in the local form (+233241234567 → '024'), or null when not mobile. */
export function ghanaMobilePrefix(e164: string): GhanaMobilePrefix | null {
  const match = /^\+233(\d{2})\d{7}$/.exec(e164);
  const prefix = match ? `0${match[1]}` : null;
  return GHANA_MOBILE_PREFIXES.find((p) => p === prefix) ?? null;
}

/** Why a typed number cannot receive a code: not a Ghana number at all, or not a mobile one. */
export type GhanaMobileIssue = 'not_ghana' | 'not_mobile';

/** A typed number as +233XXXXXXXXX when it is a Ghana mobile number, else the reason it is not. */
export function checkGhanaMobile(
  value: string,
): { ok: true; phone: string; prefix: GhanaMobilePrefix } | { ok: false; issue: GhanaMobileIssue } {
  const phone = normalizeGhanaPhone(value);
  if (!phone) return { ok: false, issue: 'not_ghana' };
  const prefix = ghanaMobilePrefix(phone);
  return prefix ? { ok: true, phone, prefix } : { ok: false, issue: 'not_mobile' };
}

/** A typed number as +233XXXXXXXXX when it is a Ghana mobile number, else null. */
export function normalizeGhanaMobile(value: string): string | null {
  const checked = checkGhanaMobile(value);
  return checked.ok ? checked.phone : null;
}

/** The message for a number that cannot receive a code. */
export const ghanaMobileMessage = (issue: GhanaMobileIssue) =>
  issue === 'not_ghana' ? GHANA_PHONE_MESSAGE : GHANA_MOBILE_MESSAGE;
