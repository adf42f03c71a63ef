import { DEFAULT_WEEK } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idDocuments, profiles } from '../../db/schema.ts';
import { PROVIDER_ONLY_MESSAGE } from '../../kernel/http/guards.ts';
import { errorsPlugin } from '../../plugins/errors.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeAdmin, ORIGIN, signUp, type TestUser, uniqueIp } from '../../test/auth.ts';
import { ONBOARDING_INCOMPLETE_MESSAGE, requireOnboardedProvider } from './guards.ts';

/**
 * requireOnboardedProvider on a tiny provider-only route, served by a second Fastify instance that
 * shares the real app's dependencies (auth, database): what a later feature's route does.
 */
describe('requireOnboardedProvider', () => {
  let t: TestApp;
  let guarded: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    guarded = Fastify();
    guarded.decorate('deps', t.app.deps);
    await guarded.register(errorsPlugin);
    guarded.get('/api/test/provider-only', async (request) => {
      const { user, role, onboarding } = await requireOnboardedProvider(request);
      return { id: user.id, role, gate: onboarding.gate };
    });
    await guarded.ready();
  });
  afterAll(async () => {
    await guarded.close();
    await t.close();
  });

  const hit = (user?: TestUser) =>
    guarded.inject({
      method: 'GET',
      url: '/api/test/provider-only',
      headers: user ? { cookie: user.cookie } : {},
    });
  const step = (user: TestUser, method: 'PUT' | 'POST', url: string, payload: object) =>
    t.app.inject({
      method,
      url,
      payload,
      remoteAddress: uniqueIp(),
      headers: { origin: ORIGIN, cookie: user.cookie },
    });

  it('refuses the signed-out (401), customers and admins (403)', async () => {
    expect((await hit()).statusCode).toBe(401);
    const customer = await signUp(t);
    const res = await hit(customer);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: PROVIDER_ONLY_MESSAGE });
    const admin = await signUp(t);
    await makeAdmin(t, admin.id);
    expect((await hit(admin)).statusCode).toBe(403);
  });

  it('sends a provider to the step the gate names, then lets them through', async () => {
    const user = await signUp(t, { role: 'explorer' });
    let res = await hit(user);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'FORBIDDEN',
      message: ONBOARDING_INCOMPLETE_MESSAGE,
      details: { reason: 'ONBOARDING_INCOMPLETE', redirect: '/onboarding/profile' },
    });

    // Core complete (picture + name, a location, a skill): the gate's step 6 asks for documents.
    await t.database.db
      .update(profiles)
      .set({ avatar_url: '/api/avatars/x?v=1' })
      .where(eq(profiles.id, user.id));
    expect(
      (
        await step(user, 'PUT', '/api/onboarding/location', {
          city: 'Tamale',
          country: 'Ghana',
          latitude: 9.4,
          longitude: -0.84,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await step(user, 'PUT', '/api/onboarding/services', { categories: ['tailoring'] })).statusCode,
    ).toBe(200);
    res = await hit(user);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.details).toEqual({
      reason: 'ONBOARDING_INCOMPLETE',
      redirect: '/onboarding/verification',
    });

    // One uploaded document ends step 6 (the rest of post-onboarding may still be open).
    await t.database.db.insert(idDocuments).values({ provider_id: user.id, doc_status: 'uploaded' });
    expect((await step(user, 'PUT', '/api/onboarding/availability', DEFAULT_WEEK)).statusCode).toBe(200);
    res = await hit(user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: user.id, role: 'service_provider', gate: 'pass' });
  });
});
