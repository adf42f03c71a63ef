import { escapeHtml } from '@adwuma/shared';
import { and, eq } from 'drizzle-orm';
import { subscribers } from '../../db/schema.ts';
import type { Deps } from '../../types.ts';

export const WELCOME_MAIL_QUEUE = 'waitlist-welcome-mail';

/** Sends the waitlist welcome mail once and marks `welcome_email_sent`. Safe to retry. */
export async function sendWelcomeEmail(deps: Deps, subscriberId: string): Promise<void> {
  const { db } = deps.database;
  const [subscriber] = await db.select().from(subscribers).where(eq(subscribers.id, subscriberId));
  if (!subscriber || subscriber.welcome_email_sent) return;
  const site = deps.config.publicUrl;
  const intro = subscriber.exploring
    ? 'Thanks for taking a look around. We will keep you posted as Adwuma grows.'
    : 'You are on the Adwuma waitlist. We will email you as soon as we open in your city.';
  const text = [
    'Akwaaba to Adwuma!',
    '',
    intro,
    '',
    'Adwuma connects you with trusted, verified service providers across Ghana: hair and beauty,',
    'tutoring, plumbing, cleaning, design and much more.',
    '',
    `Learn more: ${site}/features`,
    '',
    'If you did not sign up, ignore this mail and you will hear nothing more from us.',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917">
<h1 style="color:#b45309">Akwaaba to Adwuma!</h1>
<p>${escapeHtml(intro)}</p>
<p>Adwuma connects you with trusted, verified service providers across Ghana: hair and beauty, tutoring,
plumbing, cleaning, design and much more.</p>
<p><a href="${escapeHtml(site)}/features">Learn more about Adwuma</a></p>
<p style="color:#78716c;font-size:12px">If you did not sign up, ignore this mail and you will hear nothing more from us.</p>
</body></html>`;
  await deps.mailer.send({
    to: subscriber.email,
    subject: 'Welcome to the Adwuma waitlist',
    text,
    html,
    template: 'waitlist-welcome',
  });
  await db
    .update(subscribers)
    .set({ welcome_email_sent: true, welcome_email_sent_at: new Date() })
    .where(and(eq(subscribers.id, subscriberId), eq(subscribers.welcome_email_sent, false)));
}
