import { enterpriseLeadSchema, escapeHtml } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { enterpriseLeads } from '../../db/schema.ts';
import type { App, Deps } from '../../types.ts';

export const ENTERPRISE_MAIL_QUEUE = 'enterprise-lead-mail';

const leadResponse = z.object({ id: z.string(), message: z.string() });

async function sendLeadConfirmation(deps: Deps, leadId: string) {
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

export async function enterpriseRoutes(app: App) {
  await app.deps.jobs.work<{ leadId: string }>(ENTERPRISE_MAIL_QUEUE, ({ leadId }) =>
    sendLeadConfirmation(app.deps, leadId),
  );

  app.post(
    '/api/enterprise-leads',
    {
      schema: {
        tags: ['public'],
        summary: 'Send an enterprise inquiry',
        body: enterpriseLeadSchema,
        response: { 201: leadResponse },
      },
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const lead = request.body;
      const [row] = await app.deps.database.db
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
      await app.deps.jobs.send(ENTERPRISE_MAIL_QUEUE, { leadId: row!.id }, { singletonKey: row!.id });
      return reply.status(201).send({
        id: row!.id,
        message: 'Thank you! Our enterprise team will contact you within two business days.',
      });
    },
  );
}
