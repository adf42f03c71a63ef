import { escapeHtml } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { adminAuditLog, profiles } from '../../db/schema.ts';
import { fill, greetingOf, MAIL_TEXTS, mailLanguage } from '../../lib/mail/texts.ts';
import type { Deps } from '../../types.ts';

export const VERIFICATION_MAIL_QUEUE = 'verification-decision-mail';

export const decisionMailKey = (auditId: string) => `verification-decision:${auditId}`;

/**
 * Tells the provider the outcome of their review, once per decision (the audit row's id is the
 * dedupe key, so a retried job sends nothing twice). Text and HTML, linking to the id step.
 */
export async function sendDecisionMail(deps: Deps, auditId: string): Promise<void> {
  const dedupeKey = decisionMailKey(auditId);
  if (await deps.mailer.alreadySent(dedupeKey)) return;
  const { db } = deps.database;
  const [entry] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.id, auditId));
  if (!entry) return;
  const details = entry.details as { provider_id?: string; note?: string | null };
  if (!details.provider_id) return;
  const [provider] = await db
    .select({ email: profiles.email, full_name: profiles.full_name, language: profiles.preferred_language })
    .from(profiles)
    .where(eq(profiles.id, details.provider_id));
  if (!provider?.email) return;

  const approved = entry.action === 'verification.approve';
  // Issue 21: in the provider's language (English when they chose none).
  const language = mailLanguage(provider.language);
  const words = MAIL_TEXTS[language].verification;
  const team = MAIL_TEXTS[language].common.team;
  const link = `${deps.config.publicUrl}/onboarding/verification`;
  const greeting = greetingOf(language, provider.full_name);
  const note = details.note ?? null;
  const lines = approved
    ? [words.approved, ...(note ? ['', fill(words.note, { note })] : [])]
    : [words.rejected, '', fill(words.reason, { reason: note ?? words.notGiven }), '', words.again];
  const text = [greeting, '', ...lines, '', fill(words.openLine, { link }), '', team].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917">
<p>${escapeHtml(greeting)}</p>
${lines
  .filter((line) => line !== '')
  .map((line) => `<p>${escapeHtml(line)}</p>`)
  .join('\n')}
<p><a href="${escapeHtml(link)}">${escapeHtml(words.button)}</a></p>
<p>${escapeHtml(team)}</p></body></html>`;
  await deps.mailer.send({
    to: provider.email,
    subject: approved ? words.subjectApproved : words.subjectRejected,
    text,
    html,
    template: approved ? 'verification-approved' : 'verification-rejected',
    dedupeKey,
  });
}
