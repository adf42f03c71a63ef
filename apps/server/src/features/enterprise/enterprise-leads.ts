import { type enterpriseLeadSchema, escapeHtml } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { enterpriseLeads } from '../../db/schema.ts';
import type { Deps } from '../../types.ts';

export const ENTERPRISE_MAIL_QUEUE = 'enterprise-lead-mail';

export async function sendLeadConfirmation(deps: Deps, leadId: string) {
  const [lead] = await deps.database.db.select().from(enterpriseLeads).where(eq(enterpriseLeads.id, leadId));
  if (!lead) return;
  const text = [
    `Hello ${lead.name},`,
    '',
    `Thank you for your interest in Adwuma Enterprise for ${lead.company}.`,
    'Our team will contact you within two business days to talk about your needs.',
    '',
    'What you told us:',
    lead.needs,
    '',
    'The Adwuma team',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917">
<p>Hello ${escapeHtml(lead.name)},</p>
<p>Thank you for your interest in Adwuma Enterprise for ${escapeHtml(lead.company)}.
Our team will contact you within two business days to talk about your needs.</p>
<p><strong>What you told us:</strong><br>${escapeHtml(lead.needs).replaceAll('\n', '<br>')}</p>
<p>The Adwuma team</p></body></html>`;
  await deps.mailer.send({
    to: lead.email,
    subject: 'We received your Adwuma Enterprise inquiry',
    text,
    html,
    template: 'enterprise-lead-confirmation',
  });
}

/** Stores an enterprise inquiry and queues its confirmation mail; returns the lead's id. */
export async function createEnterpriseLead(
  deps: Deps,
  lead: z.output<typeof enterpriseLeadSchema>,
): Promise<string> {
  const [row] = await deps.database.db
    .insert(enterpriseLeads)
    .values({
      name: lead.name,
      company: lead.company,
      email: lead.email,
      phone: lead.phone ?? null,
      team_size: lead.team_size,
      needs: lead.needs,
    })
    .returning({ id: enterpriseLeads.id });
  await deps.jobs.send(ENTERPRISE_MAIL_QUEUE, { leadId: row!.id }, { singletonKey: row!.id });
  return row!.id;
}
