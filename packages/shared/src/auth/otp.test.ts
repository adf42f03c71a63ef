import { describe, expect, it } from 'vitest';
import {
  decideOtpSend,
  isPhoneAccountEmail,
  normalizeOtp,
  OTP_MAX_ATTEMPTS,
  OTP_PER_ADDRESS_PER_HOUR,
  OTP_PER_NUMBER_PER_HOUR,
  otpExpired,
  otpSmsText,
  otpTriesLeft,
  phoneAccountEmail,
  secondsUntilResend,
} from './otp.ts';

const at = (s: number) => new Date(Date.UTC(2026, 10, 28, 9, 0, s));

describe('OTP rules (issue 21)', () => {
  it('a code is six digits; spaces typed are ignored, anything else is refused', () => {
    expect(normalizeOtp('123456')).toBe('123456');
    expect(normalizeOtp(' 123 456 ')).toBe('123456');
    expect(normalizeOtp('12345')).toBeNull();
    expect(normalizeOtp('1234567')).toBeNull();
    expect(normalizeOtp('12a456')).toBeNull();
  });

  it('a code works for five minutes, not a second more', () => {
    expect(otpExpired(at(0), at(299))).toBe(false);
    expect(otpExpired(at(0), at(300))).toBe(true);
  });

  it('five wrong tries spend the code', () => {
    expect(OTP_MAX_ATTEMPTS).toBe(5);
    expect(otpTriesLeft(0)).toBe(5);
    expect(otpTriesLeft(4)).toBe(1);
    expect(otpTriesLeft(5)).toBe(0);
    expect(otpTriesLeft(9)).toBe(0);
  });

  it('a new code for a number comes 60 s after the last one at the earliest', () => {
    expect(secondsUntilResend(null, at(0))).toBe(0);
    expect(secondsUntilResend(at(0), at(1))).toBe(59);
    expect(secondsUntilResend(at(0), at(59))).toBe(1);
    expect(secondsUntilResend(at(0), at(60))).toBe(0);
  });

  it('refuses a resend too soon, then the number limit, then the address limit', () => {
    const base = {
      now: at(120),
      lastSentToNumber: at(100),
      sentToNumberLastHour: 1,
      askedFromAddressLastHour: 1,
    };
    expect(decideOtpSend(base)).toEqual({ ok: false, reason: 'resend_too_soon', retryAfterSeconds: 40 });
    const later = { ...base, lastSentToNumber: at(0) };
    expect(decideOtpSend(later)).toEqual({ ok: true });
    expect(decideOtpSend({ ...later, sentToNumberLastHour: OTP_PER_NUMBER_PER_HOUR })).toEqual({
      ok: false,
      reason: 'number_limit',
    });
    expect(decideOtpSend({ ...later, askedFromAddressLastHour: OTP_PER_ADDRESS_PER_HOUR })).toEqual({
      ok: false,
      reason: 'address_limit',
    });
  });

  it('the SMS starts with the code, in the user’s language', () => {
    expect(otpSmsText('482913', 'en')).toMatch(/^482913 is your Adwuma code/);
    expect(otpSmsText('482913', 'ak')).toMatch(/^482913 ne wo Adwuma koodu/);
  });

  it('a phone-only account carries an address that is never mailed', () => {
    const email = phoneAccountEmail('+233241234567');
    expect(email).toBe('233241234567@phone.adwuma.invalid');
    expect(isPhoneAccountEmail(email)).toBe(true);
    expect(isPhoneAccountEmail('ama@example.com')).toBe(false);
    expect(isPhoneAccountEmail(null)).toBe(false);
  });
});
