import {
  gateFromStatus,
  gateNeedsStatus,
  homePath,
  isProviderPage,
  type ProviderGateResult,
  type Role,
  signInUrl,
  viewFor,
} from '@adwuma/shared';
import { pageAccess } from '@adwuma/shared/routes/pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { getOnboardingStatus } from '../features/onboarding/index.ts';
import { getSignedIn, roleOfCaller, type SignedIn } from '../kernel/http/session.ts';

/**
 * Issue 30 (docs/decisions/021): the protected pages of spec 2 are guarded on the server too, so a
 * full page load is sent on before any script runs. The web app keeps its own guards (RequireAuth,
 * ProviderGate, AdminArea) for in-app navigation; both read the same rules from packages/shared:
 * - signed out, on a protected or admin-only page → 302 /auth?returnTo={path and query};
 * - signed in without the admin flag, on an admin-only page → the app shell with status 403 (the
 *   web app's admin wrapper shows its "Access Denied" card);
 * - a provider the gate stops (provider view, onboarding to finish) on a protected page → 302 to
 *   the gate's /onboarding/{step}.
 * Everything else (public pages, /auth, onboarding, assets, /api) goes on untouched.
 */

/** The decoded path of a request, or null when it does not decode (the web plugin answers 400). */
function pathOf(request: FastifyRequest): string | null {
  try {
    return decodeURIComponent(request.url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
}

/** The gate's answer for a signed-in person on a page (providerPage: a provider page of decision 021). */
async function gateOnPage(
  request: FastifyRequest,
  signedIn: SignedIn,
  role: Role,
  providerPage: boolean,
): Promise<ProviderGateResult> {
  const page = { view: viewFor(request.headers.cookie, role), providerPage };
  if (!gateNeedsStatus(role, page)) return 'pass';
  const status = await getOnboardingStatus(request.server.deps.database.db, signedIn.user, request.log, role);
  return gateFromStatus(status, page);
}

/** Spec 2 "/" (decision 021): where the server sends a request for `/`. */
export async function homeTarget(request: FastifyRequest): Promise<string> {
  const signedIn = await getSignedIn(request);
  if (!signedIn) return homePath({ signedIn: false, role: null, gate: '/auth' });
  const role = await roleOfCaller(request, signedIn.user.id);
  const gate = role === 'admin' ? 'pass' : await gateOnPage(request, signedIn, role, false);
  return homePath({ signedIn: true, role, gate });
}

/** A redirect that depends on who asks: never stored by a cache. */
function redirect(reply: FastifyReply, location: string) {
  return reply.header('cache-control', 'private, no-store').redirect(location, 302);
}

const denied = new WeakSet<FastifyRequest>();

export const pageGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = pathOf(request);
    if (path === null) return;
    const access = pageAccess(path);
    if (access === 'open') return;

    const signedIn = await getSignedIn(request);
    if (!signedIn) return redirect(reply, signInUrl(request.url));
    const role = await roleOfCaller(request, signedIn.user.id);
    if (access === 'admin') {
      if (role !== 'admin') denied.add(request);
      return;
    }
    if (role === 'admin') return;
    const gate = await gateOnPage(request, signedIn, role, isProviderPage(path));
    if (gate.startsWith('/onboarding/')) return redirect(reply, gate);
  });

  // The admin page's shell goes out with 403 (whatever route sends it), so the refusal is in the status too.
  app.addHook('onSend', async (request, reply, payload) => {
    if (denied.has(request) && reply.statusCode === 200) {
      reply.code(403).header('cache-control', 'private, no-store');
    }
    return payload;
  });
});
