import { DEFAULT_WEEK, STRENGTH_WEIGHTS as W } from '@adwuma/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, profiles } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { makeAdmin, ORIGIN, signUp, type TestUser, uniqueIp } from '../test/auth.ts';
import { bookingBetween } from '../test/bookings.ts';
import { makeImage, uploadAll } from '../test/documents.ts';
import { call, PLACES } from '../test/providers.ts';
import { addService, providerWithService } from '../test/quotes.ts';
import { backfillProfileScores, PROFILE_SCORES_VERSION, refreshAllProfileScores } from './profile-scores.ts';

/** A customer's strength: their basic points out of the 30 basics are worth. */
const BASICS = W.name + W.avatar + W.bio + W.phone;
const customerStrength = (points: number) => Math.round((points / BASICS) * 100);

describe('profile completion and strength, written by the server', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t, { name: 'Chief Admin' });
    await makeAdmin(t, admin.id);
  });
  afterAll(() => t.close());

  /** What the web reads: GET /api/me's profile (the /profile-completion page and the admin). */
  async function scores(user: TestUser) {
    const res = await call(t, 'GET', '/api/me', user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { profile_completion_percentage: completion, profile_strength_score: strength } =
      res.json().profile;
    return { completion, strength };
  }

  async function ok(res: { statusCode: number; body: string }, status = 200) {
    expect(res.statusCode, res.body).toBe(status);
  }

  async function uploadAvatar(user: TestUser) {
    const boundary = '----adwumaScores';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      await makeImage('png'),
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
    await ok(res);
    return res.json();
  }

  it("raises a provider's scores as they add a picture, location, skills, details, services, hours and verification", async () => {
    const user = await signUp(t, { role: 'explorer', name: 'Ama Mensah' });
    const expectScores = async (completion: number, strength: number) => {
      expect(await scores(user)).toEqual({ completion, strength });
      // The onboarding status (the /profile-completion ring) says the same as the stored figure.
      const status = await call(t, 'GET', '/api/onboarding/status', user.cookie);
      expect(status.json().completionPercentage).toBe(completion);
    };
    let strength = W.name;
    await expectScores(0, strength);

    const avatar = await uploadAvatar(user);
    strength += W.avatar;
    // The upload's answer carries the new figures too.
    expect(avatar.profile_strength_score).toBe(strength);
    await expectScores(33, strength);

    const { accra } = PLACES;
    await ok(await call(t, 'PUT', '/api/onboarding/location', user.cookie, { ...accra, country: 'Ghana' }));
    strength += W.location;
    await expectScores(67, strength);

    await ok(await call(t, 'PUT', '/api/onboarding/services', user.cookie, { categories: ['plumbing'] }));
    strength += W.skills;
    await expectScores(100, strength);

    const profile = await call(t, 'PUT', '/api/onboarding/profile', user.cookie, {
      full_name: 'Ama Mensah',
      phone: '024 123 4567',
      bio: 'Knotless braids and cornrows in Osu.',
    });
    await ok(profile);
    strength += W.phone + W.bio;
    expect(profile.json().profile.profile_strength_score).toBe(strength);
    await expectScores(100, strength);

    await uploadAll(t, user);
    const submitted = await call(t, 'POST', '/api/verification/submit', user.cookie, {
      ghana_card_number: 'GHA-123456789-0',
    });
    await ok(submitted);
    await expectScores(100, strength);

    const serviceId = await addService(t, user);
    strength += W.services;
    await expectScores(100, strength);
    // Paused: no published service, the points go; published again, they come back.
    await ok(await call(t, 'PATCH', `/api/services/${serviceId}`, user.cookie, { status: 'paused' }));
    await expectScores(100, strength - W.services);
    await ok(await call(t, 'PATCH', `/api/services/${serviceId}`, user.cookie, { status: 'published' }));
    await expectScores(100, strength);

    await ok(await call(t, 'PUT', '/api/onboarding/availability', user.cookie, DEFAULT_WEEK));
    strength += W.availability;
    await expectScores(100, strength);

    const sessionId = submitted.json().session.id as string;
    await ok(
      await call(t, 'POST', `/api/admin/verification/${sessionId}/decision`, admin.cookie, {
        decision: 'approve',
      }),
    );
    strength += W.verified;
    await expectScores(100, strength);
    expect(strength).toBe(100 - W.reviews - W.completedBookings);

    // Deleting the only service takes its points away again.
    await ok(await call(t, 'DELETE', `/api/services/${serviceId}`, user.cookie), 204);
    await expectScores(100, strength - W.services);
  });

  it('scores a customer on their profile basics, complete from the start', async () => {
    const user = await signUp(t, { name: 'Kofi Boateng' });
    expect(await scores(user)).toEqual({ completion: 100, strength: customerStrength(W.name) });

    const res = await call(t, 'PATCH', '/api/profile', user.cookie, {
      phone: '024 765 4321',
      bio: 'I hire for the house in East Legon.',
    });
    await ok(res);
    const expected = customerStrength(W.name + W.phone + W.bio);
    expect(res.json().profile_strength_score).toBe(expected);
    expect(await scores(user)).toEqual({ completion: 100, strength: expected });

    await uploadAvatar(user);
    expect(await scores(user)).toEqual({ completion: 100, strength: 100 });

    // Join as Provider: now provider-like, so the core items count (picture and name only).
    await ok(await call(t, 'POST', '/api/profile/become-provider', user.cookie));
    expect(await scores(user)).toEqual({ completion: 33, strength: W.name + W.avatar + W.bio + W.phone });
  });

  it("changes a provider's strength with a completed booking, a published review and a dispute", async () => {
    const { provider } = await providerWithService(t, { name: 'Kwabena Ofori' });
    const customer = await signUp(t, { name: 'Efua Asante' });
    const before = (await scores(provider)).strength;

    const bookingId = await bookingBetween(t, customer.id, provider.id, { status: 'awaiting_confirmation' });
    await t.database.db
      .update(bookings)
      .set({ done_marked_at: new Date() })
      .where(eq(bookings.id, bookingId));
    await ok(await call(t, 'POST', `/api/bookings/${bookingId}/confirm`, customer.cookie));
    const bookingPoints = Math.round(W.completedBookings / 3);
    expect((await scores(provider)).strength).toBe(before + bookingPoints);

    // Reviews are published once both sides wrote one: one five-star review is a fifth of the points.
    const text = 'Came on time and fixed the tap quickly. Recommended.';
    await ok(
      await call(t, 'POST', `/api/bookings/${bookingId}/review`, customer.cookie, { rating: 5, text }),
      201,
    );
    expect((await scores(provider)).strength).toBe(before + bookingPoints);
    await ok(
      await call(t, 'POST', `/api/bookings/${bookingId}/review`, provider.cookie, { rating: 5, text }),
      201,
    );
    const reviewPoints = W.reviews / 5;
    expect((await scores(provider)).strength).toBe(before + bookingPoints + reviewPoints);

    // A dispute freezes the booking: it no longer counts as completed.
    const dispute = await call(t, 'POST', `/api/bookings/${bookingId}/disputes`, customer.cookie, {
      reason: 'poor_quality',
      description: 'The tap started leaking again the next morning, worse than before.',
    });
    await ok(dispute, 201);
    expect((await scores(provider)).strength).toBe(before + reviewPoints);
  });

  it('rescores every stale profile once at start-up, then only reads its marker', async () => {
    const { db } = t.database;
    const user = await signUp(t, { name: 'Yaw Darko' });
    const stale = () =>
      db
        .update(profiles)
        .set({ profile_completion_percentage: 0, profile_strength_score: 0 })
        .where(eq(profiles.id, user.id));
    const row = async () =>
      (
        await db
          .select({ c: profiles.profile_completion_percentage, s: profiles.profile_strength_score })
          .from(profiles)
          .where(eq(profiles.id, user.id))
      )[0]!;
    const marker = async () =>
      (
        (await db.execute(
          sql`select value from app_settings where key = 'profile_scores_version'`,
        )) as unknown as {
          rows: { value: string }[];
        }
      ).rows[0]?.value;

    await db.execute(sql`delete from app_settings where key = 'profile_scores_version'`);
    await stale();
    expect(await backfillProfileScores(db)).toBeGreaterThanOrEqual(1);
    expect(await row()).toEqual({ c: 100, s: customerStrength(W.name) });
    expect(await marker()).toBe(PROFILE_SCORES_VERSION);
    // Nothing changed since: nothing to do.
    expect(await refreshAllProfileScores(db)).toBe(0);

    // With the marker in place the backfill does not look at profiles at all.
    await stale();
    expect(await backfillProfileScores(db)).toBe(0);
    expect(await row()).toEqual({ c: 0, s: 0 });

    // Other weights (an older marker): everything is rescored once more.
    await db.execute(sql`update app_settings set value = 'old' where key = 'profile_scores_version'`);
    expect(await backfillProfileScores(db)).toBeGreaterThanOrEqual(1);
    expect(await row()).toEqual({ c: 100, s: customerStrength(W.name) });
    expect(await refreshAllProfileScores(db, [user.id])).toBe(0);
  });
});
