import { enterpriseLeadSchema } from '@adwuma/shared';
import { z } from 'zod';
import type { App } from '../../types.ts';
import { createEnterpriseLead } from './enterprise-leads.ts';

const leadResponse = z.object({ id: z.string(), message: z.string() });

export async function enterpriseRoutes(app: App) {
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
      const id = await createEnterpriseLead(app.deps, request.body);
      return reply.status(201).send({
        id,
        message: 'Thank you! Our enterprise team will contact you within two business days.',
      });
    },
  );
}
