import { isProviderLike } from '@adwuma/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { requireUser, roleOfCaller, type SignedInWithRole } from './session.ts';

export const PROVIDER_ONLY_MESSAGE = 'Only providers can do this. Join as a provider first.';

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
