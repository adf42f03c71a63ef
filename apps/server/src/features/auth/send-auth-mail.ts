import { randomUUID } from 'node:crypto';
import { escapeHtml, type Language } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authUsers, profiles } from '../../db/schema.ts';
import { fill, greetingOf, MAIL_TEXTS, mailLanguage } from '../../lib/mail/texts.ts';
// Narrow types, not types.ts: plugins/auth.ts imports this file, and types.ts imports plugins/auth.ts.
import type { JobQueue } from '../../plugins/jobs.ts';
import type { Mailer } from '../../plugins/mail.ts';

export const AUTH_MAIL_QUEUE = 'auth-mail';

export interface AuthMailJob {
  kind: 'verify-email' | 'reset-password' | 'sign-in-code';
  to: string;
  name: string;
  /** The link of the mail's button (for a sign-in code: the sign-in page). */
  url: string;
  /** Issue 29: the 6-digit sign-in code (kind sign-in-code only). */
  code?: string;
  /** One per request for a mail: a retried job finds its mail sent and sends nothing. */
  key: string;
  /**
   * Issue 21: the language of the request that asked for the mail (cookie, else Accept-Language);
   * used when the account has no language of its own yet (a sign-up). Absent: English.
   */
  language?: Language;
}

/** Queues an account mail; the worker sends it through our mailer. */
export async function queueAuthMail(deps: { jobs: JobQueue }, mail: Omit<AuthMailJob, 'key'>): Promise<void> {
  const key = `${mail.kind}:${randomUUID()}`;
  await deps.jobs.send(AUTH_MAIL_QUEUE, { ...mail, key }, { singletonKey: key });
}

function layout(
  title: string,
  paragraphs: string[],
  link: { href: string; label: string },
  footer: string,
  language: Language,
) {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917">
<h1 style="color:#b45309;font-size:22px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#b45309;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="color:#78716c;font-size:12px">${escapeHtml(MAIL_TEXTS[language].common.buttonFallback)}<br>${escapeHtml(link.href)}</p>
<p style="color:#78716c;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`;
}

/** The mail's language: the account's choice, else the request's, else English. */
async function languageOf(database: Database | undefined, job: AuthMailJob): Promise<Language> {
  if (database) {
    const [row] = await database.db
      .select({ language: profiles.preferred_language })
      .from(authUsers)
      .innerJoin(profiles, eq(profiles.id, authUsers.id))
      .where(eq(authUsers.email, job.to))
      .limit(1);
    if (row?.language) return mailLanguage(row.language);
  }
  return mailLanguage(job.language);
}

/**
 * Issue 29: the sign-in code mail. English only for now: the Twi text awaits a translator (the
 * other account mails' Twi lives in lib/mail/texts.ts).
 */
const SIGN_IN_CODE_MAIL = {
  // Not the code itself: subjects are logged.
  subject: 'Your Adwuma sign-in code',
  title: 'Your sign-in code',
  intro:
    'Someone (we hope you) asked to sign in to Adwuma with this email address. Enter this code on the sign-in page:',
  expiry: 'The code works once, for 10 minutes.',
  button: 'Open the sign-in page',
  linkLine: 'Sign in at: {url}',
  footer:
    "If you didn't ask for it, you can ignore this email: without the code nobody gets in. Someone may be trying passwords on your account; choosing a new password keeps it safe.",
} as const;

async function sendSignInCode(deps: { mailer: Mailer }, job: AuthMailJob, language: Language) {
  const texts = SIGN_IN_CODE_MAIL;
  const code = job.code ?? '';
  const greeting = greetingOf(language, job.name || null);
  await deps.mailer.send({
    to: job.to,
    subject: texts.subject,
    text: [
      greeting,
      '',
      texts.intro,
      '',
      code,
      '',
      texts.expiry,
      fill(texts.linkLine, { url: job.url }),
      '',
      texts.footer,
    ].join('\n'),
    html: layout(
      texts.title,
      [greeting, texts.intro, code, texts.expiry],
      { href: job.url, label: texts.button },
      texts.footer,
      language,
    ),
    template: 'auth-sign-in-code',
    dedupeKey: job.key,
  });
}

/** Sends one account mail. Idempotent: a mail already recorded under its key is not sent again. */
export async function sendAuthMail(
  deps: { mailer: Mailer; database?: Database },
  job: AuthMailJob,
): Promise<void> {
  const dedupeKey = job.key;
  if (await deps.mailer.alreadySent(dedupeKey)) return;
  const language = await languageOf(deps.database, job);
  if (job.kind === 'sign-in-code') return sendSignInCode(deps, job, language);
  const greeting = greetingOf(language, job.name || null);
  const texts =
    job.kind === 'verify-email' ? MAIL_TEXTS[language].verifyEmail : MAIL_TEXTS[language].resetPassword;
  await deps.mailer.send({
    to: job.to,
    subject: texts.subject,
    text: [greeting, '', texts.intro, '', fill(texts.linkLine, { url: job.url }), '', texts.footer].join(
      '\n',
    ),
    html: layout(
      texts.title,
      [greeting, texts.intro],
      { href: job.url, label: texts.button },
      texts.footer,
      language,
    ),
    template: job.kind === 'verify-email' ? 'auth-verify-email' : 'auth-reset-password',
    dedupeKey,
  });
}
