import { z } from 'zod';
import { FULL_NAME_MAX } from '../auth/schemas.ts';
import { LANGUAGES } from '../i18n/locale.ts';
import { CURRENCIES } from '../money.ts';
import { GHANA_PHONE_MESSAGE, normalizeGhanaPhone } from '../phone.ts';
import { type TextRules, validateText } from '../validation/text.ts';
import { safeText } from './common.ts';
import { BIO_MAX } from './profile-limits.ts';

/**
 * A PATCH text field: absent = leave as is; null or blank = clear; otherwise held to the text rules.
 */
function patchText(rules: Omit<TextRules, 'required'>) {
  return z
    .string()
    .nullable()
    .optional()
    .superRefine((value, ctx) => {
      const message = validateText(value, { ...rules, required: false });
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => (value === undefined ? undefined : value?.trim() ? value.trim() : null));
}

export { BIO_MAX } from './profile-limits.ts';

/**
 * What a user may change on their own profile (spec 5 "Profile": updates never change role, type,
 * is_admin or id — the schema is strict, so sending them is refused, not ignored).
 */
export const profileUpdateSchema = z.strictObject({
  full_name: safeText({ minLength: 2, maxLength: FULL_NAME_MAX }).optional(),
  phone: z
    .string()
    .nullable()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || v.trim() === '') return null;
      const normalized = normalizeGhanaPhone(v);
      if (!normalized) {
        ctx.addIssue({ code: 'custom', message: GHANA_PHONE_MESSAGE });
        return z.NEVER;
      }
      return normalized;
    }),
  bio: patchText({ maxLength: BIO_MAX }),
  city: patchText({ maxLength: 80 }),
  avatar_url: z
    .string()
    .max(2048)
    .refine((v) => v.startsWith('/api/') || v.startsWith('https://'), {
      error: 'Avatar must be an uploaded image',
    })
    .nullish(),
  show_phone: z.boolean().optional(),
  whatsapp_enabled: z.boolean().optional(),
  currency_preference: z.enum(CURRENCIES, { error: 'Choose GHS or USD' }).optional(),
  /** Issue 21: the account's language for the app, mail and SMS; null = not chosen (English). */
  preferred_language: z
    .enum(LANGUAGES, { error: "preferred_language must be 'en' (English) or 'ak' (Twi)" })
    .nullable()
    .optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
