import type { enterpriseLeadSchema } from '@adwuma/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type EnterpriseLead = z.output<typeof enterpriseLeadSchema>;

export interface EnterpriseLeadCreated {
  id: string;
  message: string;
}

export const ENTERPRISE_LEADS_PATH = '/api/enterprise-leads';

export function createEnterpriseLead(lead: EnterpriseLead): Promise<EnterpriseLeadCreated> {
  return api<EnterpriseLeadCreated>(ENTERPRISE_LEADS_PATH, { method: 'POST', json: lead });
}

export function useCreateEnterpriseLead() {
  return useMutation({ mutationFn: createEnterpriseLead });
}
