import { AUTH_TEXT } from '@adwuma/shared';
import type { TFunction } from 'i18next';
import { defineNamespace, textOf } from '../../i18n/index.ts';
import en from '../../locales/en/auth.json';

/** The sign-in and sign-up screens' texts (src/locales/{en,ak}/auth.json). */
export const useAuthText = defineNamespace('auth', en);

const AUTH_TEXT_KEYS = new Map<string, string>(Object.entries(AUTH_TEXT).map(([key, text]) => [text, key]));

/**
 * A shared auth message (AUTH_TEXT: toasts, mapped errors) in the current language; any other text
 * (a server's own message) as it is. Outside React (toasts) pass no `t`.
 */
export function sayAuthText(message: string, t: TFunction = textOf('auth')): string {
  const key = AUTH_TEXT_KEYS.get(message);
  return key ? t(`text.${key}`) : message;
}
