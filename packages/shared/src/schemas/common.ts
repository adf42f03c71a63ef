import { z } from 'zod';
import { UTM_KEYS, UTM_VALUE_MAX } from '../utm.ts';
import {
  normalizeEmail,
  type TextRules,
  textMessages,
  validateEmail,
  validateText,
} from '../validation/text.ts';

/** A text field held to spec 5's general text rules, trimmed. */
export function safeText(rules: TextRules = {}) {
  return z
    .string({ error: textMessages.required })
    .superRefine((value, ctx) => {
      const message = validateText(value, rules);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => value.trim());
}

/** Optional text: absent, null or blank become undefined; anything else is held to the rules. */
export function optionalSafeText(rules: Omit<TextRules, 'required'> = {}) {
  return z
    .string()
    .nullish()
    .superRefine((value, ctx) => {
      const message = validateText(value, { ...rules, required: false });
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => (value?.trim() ? value.trim() : undefined));
}

/** Spec 5 email utility, trimmed and lowercased. */
export const emailField = z
  .string({ error: textMessages.required })
  .superRefine((value, ctx) => {
    const message = validateEmail(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform(normalizeEmail);

const utmValue = z.string().max(UTM_VALUE_MAX).nullish();

/** The five UTM fields, each optional. */
export const utmFields = Object.fromEntries(UTM_KEYS.map((key) => [key, utmValue])) as Record<
  (typeof UTM_KEYS)[number],
  typeof utmValue
>;

/** Client session id for analytics: opaque, bounded. */
export const sessionIdField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: textMessages.pattern })
  .nullish();

export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{6,19}$/;

/** The API's one error body, for route schemas and the client. */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
