import { escapeHtml } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { adminAuditLog, profiles } from '../../db/schema.ts';
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
    .select({ email: profiles.email, full_name: profiles.full_name })
    .from(profiles)
    .where(eq(profiles.id, details.provider_id));
  if (!provider?.email) return;

  const approved = entry.action === 'verification.approve';
  const link = `${deps.config.publicUrl}/onboarding/verification`;
  const greeting = `Hello ${provider.full_name ?? 'there'},`;
  const note = details.note ?? null;
  const lines = approved
    ? [
        'Your identity documents were approved: your profile now shows the verified badge.',
        ...(note ? ['', `Note from our team: ${note}`] : []),
      ]
    : [
        'We could not verify your identity from the documents you sent.',
        '',
        `Reason: ${note ?? 'not given'}`,
        '',
        'Please upload new documents and submit them again.',
      ];
  const text = [greeting, '', ...lines, '', `Open your verification: ${link}`, '', 'The Adwuma team'].join(
    '\n',
  );
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917">
<p>${escapeHtml(greeting)}</p>
${lines
  .filter((line) => line !== '')
  .map((line) => `<p>${escapeHtml(line)}</p>`)
  .join('\n')}
<p><a href="${escapeHtml(link)}">Open your verification</a></p>
<p>The Adwuma team</p></body></html>`;
  await deps.mailer.send({
    to: provider.email,
    subject: approved ? 'Your identity is verified' : 'Your verification needs attention',
    text,
    html,
    template: approved ? 'verification-approved' : 'verification-rejected',
    dedupeKey,
  });
}
