import { describe, expect, it } from 'vitest';
import { mapAuthError } from './messages.ts';

describe('mapAuthError (spec 8 table)', () => {
  it.each([
    [{ message: 'Invalid login credentials' }, 'Email or password is incorrect.', 'error'],
    [
      { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      'Email or password is incorrect.',
      'error',
    ],
    [
      { message: 'Email rate limit exceeded' },
      'Too many attempts. Please wait a few minutes before trying again.',
      'warning',
    ],
    [
      { message: 'Too many requests. Please try again later.' },
      'Too many attempts. Please wait a few minutes before trying again.',
      'warning',
    ],
    [
      { message: 'Signup disabled' },
      'Account creation is currently disabled. Please contact support.',
      'error',
    ],
    [{ message: 'Email provider disabled' }, 'Email sign-in is disabled for this project.', 'error'],
    [
      { message: 'Invalid Refresh Token: Refresh Token Not Found' },
      'Your session has expired. Please sign in again.',
      'info',
    ],
    [{ message: 'Weak password' }, 'Password is too weak. Please choose a stronger password.', 'warning'],
    [{ message: 'Something odd' }, 'Something odd', 'error'],
    [{}, 'An unexpected error occurred. Please try again.', 'error'],
  ])('%j', (error, message, level) => {
    expect(mapAuthError(error)).toMatchObject({ message, level });
  });
  it('an existing account opens the dialog', () => {
    expect(mapAuthError({ code: 'USER_ALREADY_EXISTS', message: 'User already exists' }).code).toBe(
      'user_already_exists',
    );
    expect(mapAuthError({ message: 'User already registered' }).code).toBe('user_already_exists');
  });
  it('session expiry is flagged for the cleanup flow', () => {
    expect(mapAuthError({ message: 'invalid refresh token' }).code).toBe('session_expired');
  });
});
