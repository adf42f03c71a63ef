import { describe, expect, it } from 'vitest';
import {
  checkGhanaMobile,
  formatGhanaPhone,
  GHANA_MOBILE_MESSAGE,
  GHANA_MOBILE_PREFIXES,
  GHANA_PHONE_MESSAGE,
  ghanaMobileMessage,
  ghanaMobilePrefix,
  normalizeGhanaMobile,
  normalizeGhanaPhone,
} from './phone.ts';
import { ghanaMobileSchema } from './phone-schema.ts';

describe('Ghana phone numbers', () => {
  it.each([
    ['+233241234567', '+233241234567'],
    ['0241234567', '+233241234567'],
    ['+233 24 123 4567', '+233241234567'],
    ['233-55-123-4567', '+233551234567'],
    ['030 221 2345', '+233302212345'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeGhanaPhone(input)).toBe(expected);
  });
  it.each(['+234 803 123 4567', '024123456', '+2332412345678', 'call me', '+233 14 123 4567'])(
    'refuses %s',
    (input) => {
      expect(normalizeGhanaPhone(input)).toBeNull();
    },
  );
  it('formats for display', () => {
    expect(formatGhanaPhone('+233241234567')).toBe('+233 24 123 4567');
  });
});

describe('Ghana mobile numbers (issue 29: codes go to mobiles only)', () => {
  it.each([
    ['024 123 4567', '+233241234567', '024'],
    ['+233 54 123 4567', '+233541234567', '054'],
    ['0201234567', '+233201234567', '020'],
    ['233-50-123-4567', '+233501234567', '050'],
    ['0271234567', '+233271234567', '027'],
    ['0591234567', '+233591234567', '059'],
  ])('%s is a mobile number → %s (network %s)', (input, phone, prefix) => {
    expect(checkGhanaMobile(input)).toEqual({ ok: true, phone, prefix });
    expect(normalizeGhanaMobile(input)).toBe(phone);
    expect(ghanaMobilePrefix(phone)).toBe(prefix);
  });

  it('knows every current mobile prefix and nothing else', () => {
    expect(GHANA_MOBILE_PREFIXES).toEqual([
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
    ]);
    for (const prefix of GHANA_MOBILE_PREFIXES) {
      expect(normalizeGhanaMobile(`${prefix}1234567`)).toBe(`+233${prefix.slice(1)}1234567`);
    }
  });

  it.each(['030 221 2345', '+233 30 221 2345', '0322012345', '0391234567'])(
    'refuses the landline %s, naming why',
    (input) => {
      expect(normalizeGhanaPhone(input)).not.toBeNull();
      expect(checkGhanaMobile(input)).toEqual({ ok: false, issue: 'not_mobile' });
      expect(normalizeGhanaMobile(input)).toBeNull();
    },
  );

  it.each(['0211234567', '0291234567', '0511234567', '0581234567'])(
    'refuses %s: no mobile network uses that prefix',
    (input) => {
      expect(checkGhanaMobile(input)).toEqual({ ok: false, issue: 'not_mobile' });
    },
  );

  it('refuses a number that is not Ghanaian as such', () => {
    expect(checkGhanaMobile('+234 803 123 4567')).toEqual({ ok: false, issue: 'not_ghana' });
    expect(checkGhanaMobile('call me')).toEqual({ ok: false, issue: 'not_ghana' });
  });

  it('the schema stores +233… and names the problem', () => {
    expect(ghanaMobileSchema.parse('024 123 4567')).toBe('+233241234567');
    const landline = ghanaMobileSchema.safeParse('030 221 2345');
    expect(landline.success).toBe(false);
    expect(landline.error?.issues[0]?.message).toBe(GHANA_MOBILE_MESSAGE);
    expect(GHANA_MOBILE_MESSAGE).toBe(
      'Enter a Ghana mobile number (024, 054, 020, …); landlines cannot receive codes.',
    );
    const foreign = ghanaMobileSchema.safeParse('+441234567890');
    expect(foreign.error?.issues[0]?.message).toBe(GHANA_PHONE_MESSAGE);
    expect(ghanaMobileSchema.safeParse(42).error?.issues[0]?.message).toBe(GHANA_PHONE_MESSAGE);
    expect(ghanaMobileMessage('not_mobile')).toBe(GHANA_MOBILE_MESSAGE);
  });
});
