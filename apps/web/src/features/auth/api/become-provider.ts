import type { BecomeProviderResponse } from '@adwuma/shared';
import { api } from '../../../lib/api.ts';

export const BECOME_PROVIDER_PATH = '/api/profile/become-provider';

/** Spec 4 "Other": marks the signed-in person a provider (role explorer, type provider). */
export function becomeProvider(): Promise<BecomeProviderResponse> {
  return api<BecomeProviderResponse>(BECOME_PROVIDER_PATH, { method: 'POST' });
}
