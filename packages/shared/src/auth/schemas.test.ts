import { describe, expect, it } from 'vitest';
import {
  forgotPasswordSchema,
  newPasswordField,
  newPasswordSchema,
  passwordChecklist,
  passwordField,
  signInSchema,
  signUpSchema,
  signUpServerSchema,
} from './schemas.ts';

const firstMessage = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues[0]?.message;

describe('sign-in form (spec 5)', () => {
  it('trims and lowercases the email', () => {
    expect(signInSchema.parse({ email: '  Kofi@Example.COM ', password: 'secret1' }).email).toBe(
      'kofi@example.com',
    );
  });
  it("'Please enter a valid email'", () => {
    expect(firstMessage(signInSchema.safeParse({ email: 'kofi', password: 'secret1' }))).toBe(
      'Please enter a valid email',
    );
  });
  it("'Password must be at least 6 characters'", () => {
    expect(firstMessage(signInSchema.safeParse({ email: 'k@e.com', password: '12345' }))).toBe(
      'Password must be at least 6 characters',
    );
  });
});

describe('sign-up form (spec 5)', () => {
  const valid = {
    fullName: 'Kofi Boateng',
    email: 'kofi@example.com',
    password: 'Akwaaba22!',
    confirmPassword: 'Akwaaba22!',
  };
  it('accepts a valid form and defaults userRole to customer', () => {
    expect(signUpSchema.parse(valid).userRole).toBe('customer');
  });
  it.each([
    [{ email: 'nope' }, 'Invalid email address'],
    [{ password: 'Akwa1', confirmPassword: 'Akwa1' }, 'Password must be at least 8 characters'],
    [
      { password: 'akwaaba22!', confirmPassword: 'akwaaba22!' },
      'Password must contain at least one uppercase letter',
    ],
    [{ password: 'Akwaabaa!', confirmPassword: 'Akwaabaa!' }, 'Password must contain at least one number'],
    [
      { password: 'Akwaaba22', confirmPassword: 'Akwaaba22' },
      'Password must contain at least one special character',
    ],
    [{ fullName: 'K' }, 'Full name must be at least 2 characters'],
    [{ confirmPassword: 'Different1' }, "Passwords don't match"],
    [{ fullName: '<script>x</script>' }, 'HTML tags are not allowed'],
    [{ fullName: "Robert'); DROP TABLE users; --" }, 'Input contains potentially dangerous content'],
  ])('%j → %s', (change, message) => {
    expect(firstMessage(signUpSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });
  it('userRole is customer or explorer only', () => {
    expect(signUpSchema.safeParse({ ...valid, userRole: 'admin' }).success).toBe(false);
    expect(signUpSchema.parse({ ...valid, userRole: 'explorer' }).userRole).toBe('explorer');
  });
});

describe('forgot password (spec 5)', () => {
  it("'Please enter a valid email address'", () => {
    expect(firstMessage(forgotPasswordSchema.safeParse({ email: 'x@' }))).toBe(
      'Please enter a valid email address',
    );
  });
});

describe('new password (spec 5)', () => {
  it.each([
    ['Ab1!', 'Password must be at least 8 characters'],
    ['abcdefgh1!', 'Password must contain at least one uppercase letter'],
    ['Abcdefgh!', 'Password must contain at least one number'],
    ['Abcdefgh1', 'Password must contain at least one special character'],
  ])('%s → %s', (password, message) => {
    expect(firstMessage(newPasswordSchema.safeParse({ password, confirmPassword: password }))).toBe(message);
  });
  it('confirm must match', () => {
    expect(
      firstMessage(newPasswordSchema.safeParse({ password: 'Akwaaba2!', confirmPassword: 'Akwaaba2?' })),
    ).toBe("Passwords don't match");
  });
  it('the live checklist', () => {
    expect(passwordChecklist('abc')).toEqual([
      { label: '8+ characters', met: false },
      { label: 'Contains uppercase letter', met: false },
      { label: 'Contains number', met: false },
      { label: 'Contains special character', met: false },
    ]);
    expect(passwordChecklist('Abcdefg1#').every((c) => c.met)).toBe(true);
    expect(passwordChecklist('Abcdefg1-').every((c) => c.met)).toBe(true);
  });
});

describe('issue 29: one password rule for sign-up, reset and change', () => {
  it.each(['Kofi-2026A', 'Akwaaba_22', 'Akwa aba22', 'Akwaaba.22', 'Akwaaba22!', 'Akwaaba22&'])(
    '%s is accepted everywhere',
    (password) => {
      expect(passwordField.safeParse(password).success).toBe(true);
      expect(newPasswordField.safeParse(password).success).toBe(true);
      expect(signUpServerSchema.shape.password.safeParse(password).success).toBe(true);
    },
  );
  it.each(['Akwaaba22', 'akwaaba-22', 'Akwaaba-x'])('%s is refused everywhere', (password) => {
    expect(passwordField.safeParse(password).success).toBe(false);
    expect(newPasswordField.safeParse(password).success).toBe(false);
    expect(signUpServerSchema.shape.password.safeParse(password).success).toBe(false);
  });
});
