import {
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  languageFromAcceptLanguage,
  resolveLanguage,
} from '@adwuma/shared';

/**
 * Issue 21: the words of the mails Adwuma sends, per language. English is the source and stays
 * exactly as it was (tests and the spec read it); `{name}`-style placeholders are filled by `fill`.
 *
 * The Twi (ak) texts are a draft written with the English beside them: they await a native
 * speaker's review before launch. Brand, amounts, links and what users wrote stay as they are.
 */

/** The language of a recipient's mail: the account's choice, else English. */
export function mailLanguage(value: string | null | undefined): Language {
  return isLanguage(value) ? value : 'en';
}

/**
 * The language of the request that caused a mail (before the account has one): the device's
 * cookie, else Accept-Language; English when neither says.
 */
export function requestLanguage(
  headers: Headers | Record<string, string | string[] | undefined> | undefined,
): Language {
  if (!headers) return 'en';
  const get = (name: string): string | null => {
    if (headers instanceof Headers) return headers.get(name);
    const value = headers[name];
    return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
  };
  const cookie = (get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === LANGUAGE_COOKIE)?.[1];
  return resolveLanguage({ cookie: cookie ?? null, acceptLanguage: get('accept-language') });
}

export { languageFromAcceptLanguage };

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

interface CommonTexts {
  /** "Hello Ama," */
  greeting: string;
  /** Without a name. */
  greetingNoName: string;
  buttonFallback: string;
  team: string;
}

interface AuthMailTexts {
  subject: string;
  title: string;
  intro: string;
  /** The plain-text line with the link: `{url}`. */
  linkLine: string;
  button: string;
  footer: string;
}

interface NoticeMailTexts {
  /** `{link}` */
  openLine: string;
  button: string;
}

interface MessageMailTexts {
  subjectOne: string;
  subjectMany: string;
  subjectPeople: string;
  countOne: string;
  countMany: string;
  intro: string;
  replyLine: string;
  replyButton: string;
  turnOff: string;
  someone: string;
  photo: string;
}

interface VerificationMailTexts {
  subjectApproved: string;
  subjectRejected: string;
  approved: string;
  /** `{note}` */
  note: string;
  rejected: string;
  /** `{reason}` */
  reason: string;
  notGiven: string;
  again: string;
  /** `{link}` */
  openLine: string;
  button: string;
}

export interface MailTexts {
  common: CommonTexts;
  verification: VerificationMailTexts;
  verifyEmail: AuthMailTexts;
  resetPassword: AuthMailTexts;
  notice: NoticeMailTexts;
  messages: MessageMailTexts;
}

export const MAIL_TEXTS: Record<Language, MailTexts> = {
  en: {
    common: {
      greeting: 'Hello {name},',
      greetingNoName: 'Hello there,',
      buttonFallback: 'If the button does not work, copy this link into your browser:',
      team: 'The Adwuma team',
    },
    verification: {
      subjectApproved: 'Your identity is verified',
      subjectRejected: 'Your verification needs attention',
      approved: 'Your identity documents were approved: your profile now shows the verified badge.',
      note: 'Note from our team: {note}',
      rejected: 'We could not verify your identity from the documents you sent.',
      reason: 'Reason: {reason}',
      notGiven: 'not given',
      again: 'Please upload new documents and submit them again.',
      openLine: 'Open your verification: {link}',
      button: 'Open your verification',
    },
    verifyEmail: {
      subject: 'Confirm your email for Adwuma',
      title: 'Confirm your email',
      intro: 'Welcome to Adwuma! Please confirm your email address so we know it is really you.',
      linkLine: 'Confirm your email: {url}',
      button: 'Confirm email',
      footer: 'The link is valid for 24 hours. If you did not create an Adwuma account, ignore this mail.',
    },
    resetPassword: {
      subject: 'Reset your Adwuma password',
      title: 'Reset your password',
      intro: 'We received a request to reset the password of your Adwuma account.',
      linkLine: 'Choose a new password: {url}',
      button: 'Choose a new password',
      footer:
        'The link is valid for 30 minutes and works once. If you did not ask for a new password, ignore this mail: your password stays as it is.',
    },
    notice: {
      openLine: 'Open Adwuma: {link}',
      button: 'Open Adwuma',
    },
    messages: {
      subjectOne: 'New message from {sender}',
      subjectMany: '{count} new messages from {sender}',
      subjectPeople: '{count} new messages from {people} people on Adwuma',
      countOne: '1 new message',
      countMany: '{count} new messages',
      intro: 'You have unread messages on Adwuma:',
      replyLine: 'Reply: {link}',
      replyButton: 'Reply on Adwuma',
      turnOff: 'You can turn these mails off in your notification settings.',
      someone: 'Someone',
      photo: 'Sent a photo',
    },
  },
  // Draft Asante Twi: to be reviewed by a native speaker before launch.
  ak: {
    common: {
      greeting: 'Ɛte sɛn {name},',
      greetingNoName: 'Ɛte sɛn,',
      buttonFallback: 'Sɛ button no anyɛ adwuma a, fa link yi hyɛ wo browser no mu:',
      team: 'Adwuma kuw no',
    },
    verification: {
      subjectApproved: 'Wɔagye wo ID atom',
      subjectRejected: 'Wo verification no hia sɛ wohwɛ mu bio',
      approved: 'Wɔagye wo ID nkrataa no atom: afei wo profile no da verified badge no adi.',
      note: 'Nkra fi yɛn kuw no hɔ: {note}',
      rejected: 'Yɛantumi amfa nkrataa a wode bae no anhu sɛ ɛyɛ wo ankasa.',
      reason: 'Nea enti: {reason}',
      notGiven: 'wɔannka',
      again: 'Yɛsrɛ wo, fa nkrataa foforo to so na fa mena bio.',
      openLine: 'Bue wo verification: {link}',
      button: 'Bue wo verification',
    },
    verifyEmail: {
      subject: 'Si wo email pi ma Adwuma',
      title: 'Si wo email pi',
      intro: 'Akwaaba ba Adwuma! Yɛsrɛ wo, si wo email address pi na yɛahu sɛ ɛyɛ wo ankasa.',
      linkLine: 'Si wo email pi: {url}',
      button: 'Si email no pi',
      footer: 'Link no bɛyɛ adwuma nnɔnhwerew 24. Sɛ ɛnyɛ wo na wobuee Adwuma account no a, gyae mail yi.',
    },
    resetPassword: {
      subject: 'Sesa wo Adwuma password',
      title: 'Sesa wo password',
      intro: 'Yɛanya abisadeɛ sɛ wopɛ sɛ wosesa wo Adwuma account no password.',
      linkLine: 'Yi password foforo: {url}',
      button: 'Yi password foforo',
      footer:
        'Link no bɛyɛ adwuma simma 30, na ɛyɛ adwuma prɛko pɛ. Sɛ ɛnyɛ wo na wobisaa password foforo a, gyae mail yi: wo password no bɛtena sɛnea ɛte.',
    },
    notice: {
      openLine: 'Bue Adwuma: {link}',
      button: 'Bue Adwuma',
    },
    messages: {
      subjectOne: 'Nkra foforo fi {sender} hɔ',
      subjectMany: 'Nkra foforo {count} fi {sender} hɔ',
      subjectPeople: 'Nkra foforo {count} fi nnipa {people} hɔ wɔ Adwuma so',
      countOne: 'nkra foforo 1',
      countMany: 'nkra foforo {count}',
      intro: 'Wowɔ nkra a wonkenkanee wɔ Adwuma so:',
      replyLine: 'Bua: {link}',
      replyButton: 'Bua wɔ Adwuma so',
      turnOff: 'Wobɛtumi adum saa mails yi wɔ wo notification settings mu.',
      someone: 'Obi',
      photo: 'Ɔde mfonini aba',
    },
  },
};

/** "Hello Ama," in the language; "Hello there," when there is no name (null), as each mail had it. */
export function greetingOf(language: Language, name: string | null | undefined): string {
  const common = MAIL_TEXTS[language].common;
  return name === null || name === undefined ? common.greetingNoName : fill(common.greeting, { name });
}
