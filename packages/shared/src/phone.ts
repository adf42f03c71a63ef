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
