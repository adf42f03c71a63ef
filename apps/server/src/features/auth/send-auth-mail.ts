import { randomUUID } from 'node:crypto';
import { escapeHtml } from '@adwuma/shared';
// Narrow types, not types.ts: plugins/auth.ts imports this file, and types.ts imports plugins/auth.ts.
import type { JobQueue } from '../../plugins/jobs.ts';
import type { Mailer } from '../../plugins/mail.ts';

export const AUTH_MAIL_QUEUE = 'auth-mail';

export interface AuthMailJob {
  kind: 'verify-email' | 'reset-password';
  to: string;
  name: string;
  url: string;
  /** One per request for a mail: a retried job finds its mail sent and sends nothing. */
  key: string;
}

/** Queues an account mail; the worker sends it through our mailer. */
export async function queueAuthMail(deps: { jobs: JobQueue }, mail: Omit<AuthMailJob, 'key'>): Promise<void> {
  const key = `${mail.kind}:${randomUUID()}`;
  await deps.jobs.send(AUTH_MAIL_QUEUE, { ...mail, key }, { singletonKey: key });
}

function layout(title: string, paragraphs: string[], link: { href: string; label: string }, footer: string) {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917">
<h1 style="color:#b45309;font-size:22px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#b45309;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="color:#78716c;font-size:12px">If the button does not work, copy this link into your browser:<br>${escapeHtml(link.href)}</p>
<p style="color:#78716c;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`;
}

/** Sends one account mail. Idempotent: a mail already recorded under its key is not sent again. */
export async function sendAuthMail(deps: { mailer: Mailer }, job: AuthMailJob): Promise<void> {
  const dedupeKey = job.key;
  if (await deps.mailer.alreadySent(dedupeKey)) return;
  const greeting = `Hello ${job.name || 'there'},`;
  if (job.kind === 'verify-email') {
    const intro = 'Welcome to Adwuma! Please confirm your email address so we know it is really you.';
    const footer =
      'The link is valid for 24 hours. If you did not create an Adwuma account, ignore this mail.';
    await deps.mailer.send({
      to: job.to,
      subject: 'Confirm your email for Adwuma',
      text: [greeting, '', intro, '', `Confirm your email: ${job.url}`, '', footer].join('\n'),
      html: layout(
        'Confirm your email',
        [greeting, intro],
        { href: job.url, label: 'Confirm email' },
        footer,
      ),
      template: 'auth-verify-email',
      dedupeKey,
    });
    return;
  }
  const intro = 'We received a request to reset the password of your Adwuma account.';
  const footer =
    'The link is valid for 30 minutes and works once. If you did not ask for a new password, ignore this mail: your password stays as it is.';
  await deps.mailer.send({
    to: job.to,
    subject: 'Reset your Adwuma password',
    text: [greeting, '', intro, '', `Choose a new password: ${job.url}`, '', footer].join('\n'),
    html: layout(
      'Reset your password',
      [greeting, intro],
      { href: job.url, label: 'Choose a new password' },
      footer,
    ),
    template: 'auth-reset-password',
    dedupeKey,
  });
}
