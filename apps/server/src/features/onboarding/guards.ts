import { isProviderLike, type OnboardingStatus } from '@adwuma/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { requireUser, roleOfCaller, type SignedInWithRole } from '../auth/session.ts';
import { getOnboardingStatus } from './onboarding-status.ts';

export const PROVIDER_ONLY_MESSAGE = 'Only providers can do this. Join as a provider first.';
export const ONBOARDING_INCOMPLETE_MESSAGE = 'Finish your provider onboarding first.';

/**
 * The signed-in user, who must be provider-like (service_provider or explorer, the shared rule);
 * else 401 / 403 FORBIDDEN. A customer becomes one through POST /api/profile/become-provider.
 */
export async function requireProvider(
  request: FastifyRequest,
  message = PROVIDER_ONLY_MESSAGE,
): Promise<SignedInWithRole> {
  const signedIn = await requireUser(request);
  const role = await roleOfCaller(request, signedIn.user.id);
  if (!isProviderLike(role)) throw new AppError(403, 'FORBIDDEN', message);
  return { ...signedIn, role };
}

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
