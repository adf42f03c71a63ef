import type { OnboardingStatus } from '@adwuma/shared';
import type { FastifyRequest } from 'fastify';
import { requireProvider } from '../../kernel/http/guards.ts';
import type { SignedInWithRole } from '../../kernel/http/session.ts';
import { AppError } from '../../lib/errors.ts';
import { getOnboardingStatus } from './onboarding-status.ts';

export const ONBOARDING_INCOMPLETE_MESSAGE = 'Finish your provider onboarding first.';

/**
 * For provider-only APIs of later features (publishing services, bidding, …): a provider who passes
 * the provider gate of spec 4 (the same shared `providerGate` the web app applies). Otherwise 403
 * FORBIDDEN with `details: { reason: 'ONBOARDING_INCOMPLETE', redirect: '/onboarding/{step}' }`.
 */
export async function requireOnboardedProvider(
  request: FastifyRequest,
): Promise<SignedInWithRole & { onboarding: OnboardingStatus }> {
  const signedIn = await requireProvider(request);
  const { db } = request.server.deps.database;
  const onboarding = await getOnboardingStatus(db, signedIn.user, request.log, signedIn.role);
  if (onboarding.gate !== 'pass') {
    throw new AppError(403, 'FORBIDDEN', ONBOARDING_INCOMPLETE_MESSAGE, {
      reason: 'ONBOARDING_INCOMPLETE',
      redirect: onboarding.gate,
    });
  }
  return { ...signedIn, onboarding };
}
