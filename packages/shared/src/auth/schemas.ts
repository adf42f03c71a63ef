import { z } from 'zod';
import { SIGNUP_ROLES } from '../roles.ts';
import { containsHtml, containsSql, normalizeEmail, textMessages } from '../validation/text.ts';

/** Spec 5 "Forms": every rule and message exactly. Shared by the /auth screen and the server. */
export const authMessages = {
  signInEmail: 'Please enter a valid email',
  signInPassword: 'Password must be at least 6 characters',
  signUpEmail: 'Invalid email address',
  passwordMin8: 'Password must be at least 8 characters',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordSpecial: 'Password must contain at least one special character',
  fullNameMin: 'Full name must be at least 2 characters',
  passwordsDontMatch: "Passwords don't match",
  forgotEmail: 'Please enter a valid email address',
} as const;

export const FULL_NAME_MAX = 100;
export const PASSWORD_MAX = 128;
/**
 * Issue 29: a special character is any character that is neither a letter nor a digit: the spec's
 * ! @ # $ % ^ & * and every other symbol (`-`, `_`, `.`, a space…), so no symbol a person picked is
 * refused as "not special".
 */
const SPECIAL = /[^\p{L}\p{N}]/u;

const emailShape = (message: string) =>
  z
    .string({ error: message })
    .transform(normalizeEmail)
    .pipe(z.email({ error: message }).max(254, { error: message }));

export const signInSchema = z.object({
  email: emailShape(authMessages.signInEmail),
  password: z
    .string({ error: authMessages.signInPassword })
    .min(6, { error: authMessages.signInPassword })
    .max(PASSWORD_MAX, { error: `Cannot exceed ${PASSWORD_MAX} characters` }),
});
export type SignInInput = z.input<typeof signInSchema>;

const fullName = z
  .string({ error: authMessages.fullNameMin })
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(2, { error: authMessages.fullNameMin })
      .max(FULL_NAME_MAX, { error: `Cannot exceed ${FULL_NAME_MAX} characters` })
      .refine((v) => !containsHtml(v), { error: textMessages.html })
      .refine((v) => !containsSql(v), { error: textMessages.sql }),
  );

/**
 * Issue 29: the one rule for every password a person chooses — at sign-up, from a reset link, when
 * changing it (and create-admin). The spec gives two (sign-up: 8+, an uppercase letter, a number;
 * new password: 8+, a number, a special character); a password that one screen took and another
 * refused locked people out, so the rule is both, with the spec's messages.
 */
export const passwordField = z
  .string({ error: authMessages.passwordMin8 })
  .min(8, { error: authMessages.passwordMin8 })
  .max(PASSWORD_MAX, { error: `Cannot exceed ${PASSWORD_MAX} characters` })
  .regex(/[A-Z]/, { error: authMessages.passwordUppercase })
  .regex(/[0-9]/, { error: authMessages.passwordNumber })
  .regex(SPECIAL, { error: authMessages.passwordSpecial });

const signUpPassword = passwordField;

export const signUpSchema = z
  .object({
    fullName,
    email: emailShape(authMessages.signUpEmail),
    password: signUpPassword,
    confirmPassword: z.string(),
    userRole: z.enum(SIGNUP_ROLES).default('customer'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type SignUpInput = z.input<typeof signUpSchema>;

/** What the server accepts at sign-up (no confirmPassword: the client checked it). */
export const signUpServerSchema = z.object({
  fullName,
  email: emailShape(authMessages.signUpEmail),
  password: signUpPassword,
  userRole: z.enum(SIGNUP_ROLES).default('customer'),
});

export const forgotPasswordSchema = z.object({ email: emailShape(authMessages.forgotEmail) });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** The new password of a reset or a change: the one rule. */
export const newPasswordField = passwordField;

export const newPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    error: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type NewPasswordInput = z.input<typeof newPasswordSchema>;

/** Spec 5 live checklist for the new password (and, issue 29, the uppercase letter of the one rule). */
export function passwordChecklist(password: string): { label: string; met: boolean }[] {
  return [
    { label: '8+ characters', met: password.length >= 8 },
    { label: 'Contains uppercase letter', met: /[A-Z]/.test(password) },
    { label: 'Contains number', met: /[0-9]/.test(password) },
    { label: 'Contains special character', met: SPECIAL.test(password) },
  ];
}

/** Resend verification (spec 5): a non-empty email is required. */
export const resendMessages = {
  requiredTitle: 'Email Required',
  requiredBody: 'Please enter your email address first.',
} as const;
