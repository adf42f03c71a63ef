import {
  AVAILABILITY_MESSAGES,
  CURRENT_TERMS_VERSION,
  DEFAULT_WEEK,
  GHANA_PHONE_MESSAGE,
  SUBSCRIPTION_MESSAGES,
  TERMS_MESSAGES,
} from '@adwuma/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idDocuments,
  profiles,
  providerAvailability,
  providerServiceTags,
  providerSkills,
  subscriptions,
  termsAcceptances,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ORIGIN, signUp, type TestUser, uniqueIp } from '../../test/auth.ts';

// A real 1×1 PNG: avatars are decoded and re-encoded, so the bytes must be a whole image.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d4944415408996338c3c0f01f00043401cc114b80030000000049454e44ae426082',
  'hex',
);

const ACCRA = {
  city: 'Accra',
  country: 'Ghana',
  region: 'Greater Accra',
  latitude: 5.6037,
  longitude: -0.187,
};
const PROFILE = { full_name: 'Ama Mensah', phone: '024 123 4567', bio: 'Braids and cornrows in Osu.' };

describe('onboarding API', () => {
  let t: TestApp;
  /** A provider whose profile saves are all refused: shared by the refusal cases. */
  let refused: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    refused = await signUp(t, { role: 'explorer', name: 'Kofi Boateng' });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      remoteAddress: uniqueIp(),
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const status = async (user: TestUser) => (await call('GET', '/api/onboarding/status', user.cookie)).json();
  const profileRow = async (id: string) =>
    (await t.database.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

  async function provider(name = 'Ama Mensah'): Promise<TestUser> {
    return signUp(t, { role: 'explorer', name });
  }

  async function uploadAvatar(user: TestUser) {
    const boundary = '----adwumaOnboarding';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload,
      remoteAddress: uniqueIp(),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        origin: ORIGIN,
        cookie: user.cookie,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it.each([
    ['GET', '/api/onboarding/status'],
    ['PUT', '/api/onboarding/profile'],
    ['GET', '/api/onboarding/location'],
    ['PUT', '/api/onboarding/location'],
    ['GET', '/api/onboarding/services'],
    ['PUT', '/api/onboarding/services'],
    ['GET', '/api/onboarding/availability'],
    ['PUT', '/api/onboarding/availability'],
    ['POST', '/api/onboarding/terms'],
    ['POST', '/api/onboarding/subscription'],
    ['POST', '/api/onboarding/intro-seen'],
    ['GET', '/api/onboarding/summary'],
  ] as const)('%s %s answers 401 when signed out', async (method, url) => {
    const payload = method === 'GET' ? undefined : url.endsWith('location') ? ACCRA : {};
    const res = await call(method, url, undefined, payload);
    // A body that fails validation is refused first with 400; everything else needs a session.
    if (res.statusCode === 400) {
      const again = await call(method, url, undefined, validBodyFor(url));
      expect(again.statusCode, again.body).toBe(401);
    } else {
      expect(res.statusCode, res.body).toBe(401);
      expect(['UNAUTHORIZED']).toContain(res.json().error.code);
    }
  });

  function validBodyFor(url: string): unknown {
    if (url.endsWith('profile')) return PROFILE;
    if (url.endsWith('services')) return { categories: ['plumbing'] };
    if (url.endsWith('availability')) return DEFAULT_WEEK;
    if (url.endsWith('terms')) return { accepted: true };
    if (url.endsWith('subscription')) return { tier: 'starter' };
    return {};
  }

  it('counts a customer as fully onboarded, writes nothing back, and refuses provider steps', async () => {
    const customer = await signUp(t);
    const s = await status(customer);
    expect(s).toMatchObject({
      role: 'customer',
      isProvider: false,
      isOnboardingComplete: true,
      nextRequiredStep: null,
      postOnboardingCompleted: true,
      completionPercentage: 100,
      currentStep: 'complete',
      gate: 'pass',
    });
    const row = await profileRow(customer.id);
    expect(row.onboarding_completed).toBe(false);
    expect(row.last_onboarding_step).toBeNull();

    for (const [method, url] of [
      ['PUT', '/api/onboarding/profile'],
      ['PUT', '/api/onboarding/location'],
      ['PUT', '/api/onboarding/services'],
      ['PUT', '/api/onboarding/availability'],
      ['POST', '/api/onboarding/terms'],
      ['POST', '/api/onboarding/subscription'],
    ] as const) {
      const res = await call(
        method,
        url,
        customer.cookie,
        url.endsWith('location') ? ACCRA : validBodyFor(url),
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const skills = await t.database.db
      .select()
      .from(providerSkills)
      .where(eq(providerSkills.provider_id, customer.id));
    expect(skills).toHaveLength(0);
  });

  it('lets a customer start onboarding through become-provider', async () => {
    const customer = await signUp(t);
    expect((await call('PUT', '/api/onboarding/profile', customer.cookie, PROFILE)).statusCode).toBe(403);
    expect((await call('POST', '/api/profile/become-provider', customer.cookie)).statusCode).toBe(200);
    const res = await call('PUT', '/api/onboarding/profile', customer.cookie, PROFILE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toMatchObject({ role: 'service_provider', isProvider: true });
  });

  it('walks every step; the server computes the status and writes progress back', async () => {
    const user = await provider();
    let s = await status(user);
    expect(s).toMatchObject({
      role: 'service_provider',
      isProvider: true,
      isOnboardingComplete: false,
      nextRequiredStep: 'profile',
      postOnboardingCompleted: false,
      currentStep: 'welcome',
      completionPercentage: 0,
      introSeen: false,
      gate: '/onboarding/profile',
      verification: { uploadedDocuments: 0, requiredDocuments: 3, sessionStatus: null },
    });
    expect(s.steps).toEqual([
      { id: 'profile', complete: false },
      { id: 'location', complete: false },
      { id: 'services', complete: false },
      { id: 'availability', complete: false },
      { id: 'id', complete: false },
      { id: 'terms', complete: false },
      { id: 'subscription', complete: false },
    ]);
    expect(await profileRow(user.id)).toMatchObject({
      last_onboarding_step: 'welcome',
      onboarding_completed: false,
    });

    // welcome
    let res = await call('POST', '/api/onboarding/intro-seen', user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      intro_seen: true,
      status: { introSeen: true, currentStep: 'profile' },
    });

    // profile (set B complete; core needs the picture too)
    res = await call('PUT', '/api/onboarding/profile', user.cookie, PROFILE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({
      full_name: 'Ama Mensah',
      phone: '+233241234567',
      bio: 'Braids and cornrows in Osu.',
    });
    s = res.json().status;
    expect(s).toMatchObject({
      nextRequiredStep: 'location',
      currentStep: 'profile',
      completionPercentage: 0,
    });
    expect(s.post.profile_complete).toBe(true);
    await uploadAvatar(user);
    s = await status(user);
    expect(s).toMatchObject({
      currentStep: 'location',
      completionPercentage: 33,
      core: { profile_completed: true },
    });

    // location
    res = await call('PUT', '/api/onboarding/location', user.cookie, ACCRA);
    expect(res.statusCode, res.body).toBe(200);
    s = res.json().status;
    expect(s).toMatchObject({
      nextRequiredStep: 'services',
      currentStep: 'services',
      completionPercentage: 67,
    });
    expect(await profileRow(user.id)).toMatchObject({
      core_onboarding_progress: {
        profile_completed: true,
        location_completed: true,
        skills_completed: false,
      },
      last_onboarding_step: 'services',
      city: 'Accra',
      state: 'Greater Accra',
    });

    // services: core complete → onboarding_completed; the gate now asks for verification
    res = await call('PUT', '/api/onboarding/services', user.cookie, {
      categories: ['hair-braiding', 'barbering'],
      tags: ['Knotless braids'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      categories: [
        { slug: 'hair-braiding', name: 'Hair braiding', group_name: 'Beauty and personal care' },
        { slug: 'barbering', name: 'Barbering' },
      ],
      tags: ['Knotless braids'],
    });
    s = res.json().status;
    expect(s).toMatchObject({
      isOnboardingComplete: true,
      nextRequiredStep: 'availability',
      postOnboardingCompleted: false,
      currentStep: 'subscription',
      completionPercentage: 100,
      gate: '/onboarding/verification',
    });
    expect(await profileRow(user.id)).toMatchObject({
      onboarding_completed: true,
      last_onboarding_step: 'subscription',
      core_onboarding_progress: { profile_completed: true, location_completed: true, skills_completed: true },
    });

    // availability
    res = await call('PUT', '/api/onboarding/availability', user.cookie, DEFAULT_WEEK);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toMatchObject({ nextRequiredStep: 'id', post: { availability_set: true } });

    // terms
    res = await call('POST', '/api/onboarding/terms', user.cookie, { accepted: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      terms_version: CURRENT_TERMS_VERSION,
      status: { post: { terms_accepted: true } },
    });

    // subscription: Starter
    res = await call('POST', '/api/onboarding/subscription', user.cookie, { tier: 'starter' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      subscription: { subscription_tier: 'starter', status: 'active', subscribed: false },
      status: {
        nextRequiredStep: 'id',
        post: { subscription_selected: true },
        postOnboardingCompleted: false,
      },
    });
    expect((await profileRow(user.id)).plan_name).toBe('Starter');

    // id: the verification issue uploads documents; three uploaded ones complete the step.
    await t.database.db.insert(idDocuments).values([
      { provider_id: user.id, doc_status: 'uploaded' },
      { provider_id: user.id, doc_status: 'submitted' },
      { provider_id: user.id, doc_status: 'approved' },
    ]);
    s = await status(user);
    expect(s).toMatchObject({
      isOnboardingComplete: true,
      nextRequiredStep: null,
      postOnboardingCompleted: true,
      currentStep: 'complete',
      gate: 'pass',
      verification: { uploadedDocuments: 3 },
    });
    expect(Object.values(s.post).every(Boolean)).toBe(true);
    expect(await profileRow(user.id)).toMatchObject({
      last_onboarding_step: 'complete',
      post_onboarding_completed: true,
      post_onboarding_progress: {
        availability_set: true,
        id_verification_completed: true,
        subscription_completed: true,
        terms_accepted: true,
      },
    });

    // review
    const summary = (await call('GET', '/api/onboarding/summary', user.cookie)).json();
    expect(summary).toMatchObject({
      profile: { full_name: 'Ama Mensah', phone: '+233241234567', email: user.email },
      location: {
        city: 'Accra',
        region: 'Greater Accra',
        address: 'Accra, Ghana',
        geocoding_accuracy: 'user',
      },
      services: { tags: ['Knotless braids'] },
      availability: { timezone: 'Africa/Accra' },
      idDocuments: { total: 3, done: 3, required: 3 },
      terms: { terms_version: CURRENT_TERMS_VERSION },
      subscription: { subscription_tier: 'starter' },
      status: { gate: 'pass' },
    });
    expect(summary.profile.avatar_url).toMatch(/^\/api\/avatars\//);
  });

  it('recomputes rather than trusting stored flags', async () => {
    const user = await provider();
    await t.database.db
      .update(profiles)
      .set({
        onboarding_completed: true,
        core_onboarding_progress: {
          profile_completed: true,
          location_completed: true,
          skills_completed: true,
        },
        last_onboarding_step: 'complete',
      })
      .where(eq(profiles.id, user.id));
    const s = await status(user);
    expect(s).toMatchObject({
      isOnboardingComplete: false,
      completionPercentage: 0,
      gate: '/onboarding/profile',
    });
    const written = await profileRow(user.id);
    expect(written).toMatchObject({
      onboarding_completed: false,
      last_onboarding_step: 'welcome',
      core_onboarding_progress: {
        profile_completed: false,
        location_completed: false,
        skills_completed: false,
      },
    });
    // Nothing differs now: nothing is written.
    await status(user);
    expect((await profileRow(user.id)).updated_at).toEqual(written.updated_at);
  });

  it('only logs a failed write-back: the status still answers', async () => {
    const user = await provider();
    const { db } = t.database;
    await db.execute(
      sql.raw(`create function adwuma_block_progress() returns trigger language plpgsql as $$
        begin raise exception 'progress write blocked'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger adwuma_block_progress before update of last_onboarding_step on profiles
        for each row execute function adwuma_block_progress()`),
    );
    try {
      const res = await call('GET', '/api/onboarding/status', user.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ currentStep: 'welcome', nextRequiredStep: 'profile' });
      expect((await profileRow(user.id)).last_onboarding_step).toBeNull();
    } finally {
      await db.execute(sql.raw('drop trigger adwuma_block_progress on profiles'));
      await db.execute(sql.raw('drop function adwuma_block_progress()'));
    }
    await status(user);
    expect((await profileRow(user.id)).last_onboarding_step).toBe('welcome');
  });

  describe('bad input is refused with the field and message; nothing is saved', () => {
    it.each([
      [{ bio: '<b>Best</b> braids' }, 'bio', 'HTML tags are not allowed'],
      [{ phone: '+44 20 7946 0958' }, 'phone', GHANA_PHONE_MESSAGE],
      [{ phone: '' }, 'phone', 'This field is required'],
      [{ full_name: ' ' }, 'full_name', 'This field is required'],
      [{ bio: "x'; drop table profiles; --" }, 'bio', 'Input contains potentially dangerous content'],
    ])('profile %j', async (change, field, message) => {
      const user = refused;
      const res = await call('PUT', '/api/onboarding/profile', user.cookie, { ...PROFILE, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.details.fields[0]).toEqual({ field, message });
      expect(await profileRow(user.id)).toMatchObject({ full_name: 'Kofi Boateng', phone: null, bio: null });
    });

    it('services: an unknown category keeps the earlier choice; tags default to category names', async () => {
      const user = await provider();
      let res = await call('PUT', '/api/onboarding/services', user.cookie, {
        categories: ['plumbing', 'electrical'],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().tags).toEqual(['Electrical work', 'Plumbing']);
      res = await call('PUT', '/api/onboarding/services', user.cookie, {
        categories: ['house-cleaning', 'time-travel'],
        tags: ['Deep cleaning'],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields).toEqual([
        { field: 'categories', message: 'Unknown service category: time-travel' },
      ]);
      const services = (await call('GET', '/api/onboarding/services', user.cookie)).json();
      expect(services.categories.map((c: { slug: string }) => c.slug)).toEqual(['plumbing', 'electrical']);
      expect(services.tags).toEqual(['Electrical work', 'Plumbing']);

      res = await call('PUT', '/api/onboarding/services', user.cookie, { categories: [] });
      expect(res.json().error.details.fields[0]).toEqual({
        field: 'categories',
        message: 'Choose at least one service category',
      });

      res = await call('PUT', '/api/onboarding/services', user.cookie, {
        categories: ['house-cleaning'],
        tags: ['Deep cleaning', 'Move-out cleaning'],
      });
      expect(res.json()).toMatchObject({
        categories: [{ slug: 'house-cleaning' }],
        tags: ['Deep cleaning', 'Move-out cleaning'],
      });
      const rows = await t.database.db
        .select()
        .from(providerSkills)
        .where(eq(providerSkills.provider_id, user.id));
      expect(rows.map((r) => r.skill)).toEqual(['house-cleaning']);
    });

    it('availability: times, order, a day off and at least one open day', async () => {
      const user = await provider();
      const week = structuredClone(DEFAULT_WEEK);
      week.days[1] = { weekday: 1, closed: false, opens: '17:00', closes: '09:00' };
      let res = await call('PUT', '/api/onboarding/availability', user.cookie, week);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields[0]).toEqual({
        field: 'days.1.closes',
        message: AVAILABILITY_MESSAGES.closesAfterOpens,
      });
      week.days[1] = { weekday: 1, closed: false, opens: '08:10', closes: '17:00' };
      res = await call('PUT', '/api/onboarding/availability', user.cookie, week);
      expect(res.json().error.details.fields[0].message).toBe(AVAILABILITY_MESSAGES.time);
      const closed = { days: DEFAULT_WEEK.days.map((d) => ({ weekday: d.weekday, closed: true })) };
      res = await call('PUT', '/api/onboarding/availability', user.cookie, closed);
      expect(res.json().error.details.fields[0].message).toBe(AVAILABILITY_MESSAGES.oneOpenDay);
      expect((await profileRow(user.id)).availability_set).toBe(false);
      expect((await call('GET', '/api/onboarding/availability', user.cookie)).json()).toEqual({
        availability: null,
      });

      week.days[1] = { weekday: 1, closed: false, opens: '07:30', closes: '18:45' };
      res = await call('PUT', '/api/onboarding/availability', user.cookie, week);
      expect(res.statusCode, res.body).toBe(200);
      const saved = (await call('GET', '/api/onboarding/availability', user.cookie)).json().availability;
      expect(saved.timezone).toBe('Africa/Accra');
      expect(saved.days[0]).toEqual({ weekday: 0, closed: true, opens: null, closes: null });
      expect(saved.days[1]).toEqual({ weekday: 1, closed: false, opens: '07:30', closes: '18:45' });
      expect(saved.days[6]).toEqual({ weekday: 6, closed: false, opens: '09:00', closes: '14:00' });
      const rows = await t.database.db
        .select()
        .from(providerAvailability)
        .where(eq(providerAvailability.provider_id, user.id));
      expect(rows).toHaveLength(6);
      expect((await profileRow(user.id)).availability_set).toBe(true);
    });

    it('terms: must be accepted, the current version, recorded once', async () => {
      const user = await provider();
      let res = await call('POST', '/api/onboarding/terms', user.cookie, { accepted: false });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields[0].message).toBe(TERMS_MESSAGES.accept);
      res = await call('POST', '/api/onboarding/terms', user.cookie, {
        accepted: true,
        terms_version: '2020-01-01',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(TERMS_MESSAGES.changed);
      const first = await call('POST', '/api/onboarding/terms', user.cookie, { accepted: true });
      const second = await call('POST', '/api/onboarding/terms', user.cookie, {
        accepted: true,
        terms_version: CURRENT_TERMS_VERSION,
      });
      expect(second.json().accepted_at).toBe(first.json().accepted_at);
      const rows = await t.database.db
        .select()
        .from(termsAcceptances)
        .where(eq(termsAcceptances.user_id, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.terms_version).toBe(CURRENT_TERMS_VERSION);
      expect((await profileRow(user.id)).terms_accepted_at?.toISOString()).toBe(first.json().accepted_at);
    });

    it('subscription: Enterprise is by inquiry; a paid choice completes the step on Starter until paid', async () => {
      const user = await provider();
      const res = await call('POST', '/api/onboarding/subscription', user.cookie, { tier: 'enterprise' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields).toEqual([
        { field: 'tier', message: SUBSCRIPTION_MESSAGES.enterpriseByInquiry },
      ]);
      const payer = await provider();
      const chosen = await call('POST', '/api/onboarding/subscription', payer.cookie, { tier: 'pro' });
      expect(chosen.statusCode, chosen.body).toBe(200);
      const [row] = await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.user_id, payer.id));
      expect(row).toMatchObject({ subscription_tier: 'starter', status: 'active', subscribed: false });
      expect(
        (await call('POST', '/api/onboarding/subscription', user.cookie, { tier: 'gold' })).statusCode,
      ).toBe(400);
      expect(
        await t.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, user.id)),
      ).toHaveLength(0);
      const a = (await call('POST', '/api/onboarding/subscription', user.cookie, { tier: 'starter' })).json();
      const b = (await call('POST', '/api/onboarding/subscription', user.cookie, { tier: 'starter' })).json();
      expect(b.subscription.id).toBe(a.subscription.id);
      const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, user.id));
      expect(rows).toEqual([
        expect.objectContaining({ subscription_tier: 'starter', status: 'active', email: user.email }),
      ]);
    });
  });

  it('publishes every onboarding and geocoding route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    for (const [path, method] of [
      ['/api/onboarding/status', 'get'],
      ['/api/onboarding/profile', 'put'],
      ['/api/onboarding/location', 'put'],
      ['/api/onboarding/services', 'put'],
      ['/api/onboarding/availability', 'put'],
      ['/api/onboarding/terms', 'post'],
      ['/api/onboarding/subscription', 'post'],
      ['/api/onboarding/intro-seen', 'post'],
      ['/api/onboarding/summary', 'get'],
      ['/api/geocode/reverse', 'get'],
      ['/api/geocode/search', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeTruthy();
    }
    expect(doc.paths['/api/onboarding/location'].put.requestBody).toBeTruthy();
  });

  it('keeps each provider to their own location, services, availability and summary', async () => {
    const a = await provider('Provider Alpha');
    const b = await provider('Provider Bravo');
    expect((await call('PUT', '/api/onboarding/location', a.cookie, ACCRA)).statusCode).toBe(200);
    expect(
      (await call('PUT', '/api/onboarding/services', a.cookie, { categories: ['plumbing'] })).statusCode,
    ).toBe(200);
    expect((await call('PUT', '/api/onboarding/availability', a.cookie, DEFAULT_WEEK)).statusCode).toBe(200);

    // B reads only B's (nothing), whatever it asks for.
    expect((await call('GET', '/api/onboarding/location', b.cookie)).json()).toEqual({ location: null });
    expect((await call('GET', '/api/onboarding/services', b.cookie)).json()).toEqual({
      categories: [],
      tags: [],
    });
    expect((await call('GET', '/api/onboarding/availability', b.cookie)).json()).toEqual({
      availability: null,
    });
    expect((await call('GET', `/api/onboarding/location?provider_id=${a.id}`, b.cookie)).json()).toEqual({
      location: null,
    });
    const summary = (await call('GET', '/api/onboarding/summary', b.cookie)).json();
    expect(summary).toMatchObject({
      location: null,
      services: { categories: [], tags: [] },
      availability: null,
    });
    expect(summary.profile.full_name).toBe('Provider Bravo');
    expect((await call('GET', `/api/onboarding/${a.id}/location`, b.cookie)).statusCode).toBe(404);

    // B's writes land on B; a provider_id in the body is refused, not obeyed.
    const sneaky = await call('PUT', '/api/onboarding/location', b.cookie, { ...ACCRA, provider_id: a.id });
    expect(sneaky.statusCode).toBe(400);
    expect(
      (
        await call('PUT', '/api/onboarding/services', b.cookie, {
          categories: ['barbering'],
          provider_id: a.id,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('PUT', '/api/onboarding/location', b.cookie, {
          ...ACCRA,
          city: 'Kumasi',
          latitude: 6.69,
          longitude: -1.62,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', '/api/onboarding/services', b.cookie, { categories: ['barbering'] })).statusCode,
    ).toBe(200);
    const closedWeek = {
      days: DEFAULT_WEEK.days.map((d) => (d.weekday === 3 ? d : { weekday: d.weekday, closed: true })),
    };
    expect((await call('PUT', '/api/onboarding/availability', b.cookie, closedWeek)).statusCode).toBe(200);

    const aLocation = (await call('GET', '/api/onboarding/location', a.cookie)).json().location;
    expect(aLocation).toMatchObject({ provider_id: a.id, city: 'Accra' });
    expect((await call('GET', '/api/onboarding/services', a.cookie)).json().categories).toEqual([
      expect.objectContaining({ slug: 'plumbing' }),
    ]);
    const aWeek = (await call('GET', '/api/onboarding/availability', a.cookie)).json().availability;
    expect(aWeek.days.filter((d: { closed: boolean }) => !d.closed)).toHaveLength(6);
    const aTags = await t.database.db
      .select()
      .from(providerServiceTags)
      .where(eq(providerServiceTags.provider_id, a.id));
    expect(aTags.map((r) => r.tag)).toEqual(['Plumbing']);
    expect((await call('GET', '/api/onboarding/location', b.cookie)).json().location).toMatchObject({
      provider_id: b.id,
      city: 'Kumasi',
    });
  });
});
