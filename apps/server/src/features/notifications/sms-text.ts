import type { Language, SmsKind } from '@adwuma/shared';

/**
 * Issue 21: the SMS of each SMS kind, per language. Short (one SMS, ≤160 characters with the link);
 * `{link}` is the absolute URL of what it is about.
 *
 * The Twi (ak) texts are a draft written with the English beside them; they await a native
 * speaker's review before launch.
 */
export const SMS_TEXTS: Record<Language, Record<SmsKind, string>> = {
  en: {
    booking: 'Adwuma: your booking is confirmed. Details: {link}',
    billing: 'Adwuma: a payment for your booking was received. Details: {link}',
    message: 'Adwuma: you have a new message. Reply: {link}',
  },
  ak: {
    booking: 'Adwuma: wɔagye wo booking no atom. Hwɛ mu: {link}',
    billing: 'Adwuma: yɛanya sika a wɔtua maa wo booking no. Hwɛ mu: {link}',
    message: 'Adwuma: wo nsa aka nkra foforo. Bua no: {link}',
  },
};

export function smsText(kind: SmsKind, language: Language, link: string): string {
  return SMS_TEXTS[language][kind].replace('{link}', link);
}
