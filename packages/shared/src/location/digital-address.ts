/**
 * GhanaPost GPS digital addresses, e.g. GA-183-8164: two letters (region and district code), then 3
 * or 4 digits, then 4 digits. Accepts any case, spaces, and the hyphens left out; stores the
 * canonical upper-case, hyphenated form.
 */
const DIGITAL_ADDRESS = /^([A-Z]{2})-?(\d{3,4})-?(\d{4})$/;

export const DIGITAL_ADDRESS_MESSAGE = 'Enter a GhanaPost GPS address like GA-183-8164';

export function normalizeDigitalAddress(value: string | null | undefined): string | null {
  const compact = (value ?? '').toUpperCase().replace(/[\s–—]/g, (ch) => (ch === ' ' ? '' : '-'));
  const match = DIGITAL_ADDRESS.exec(compact);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

export function isValidDigitalAddress(value: string | null | undefined): boolean {
  return normalizeDigitalAddress(value) !== null;
}
