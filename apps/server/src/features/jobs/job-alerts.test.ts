import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerLocations } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import { noticesOf, postJob } from '../../test/jobs.ts';
import { onboardedProvider, PLACES, provider, seedProviders } from '../../test/providers.ts';

/** About `km` kilometres north of a point (one degree of latitude is about 111.2 km). */
const pointOf = (place: { latitude: number; longitude: number }) => ({
  latitude: place.latitude,
  longitude: place.longitude,
});
const north = (place: { latitude: number; longitude: number }, km: number) => ({
  latitude: Math.round((place.latitude + km / 111.2) * 10_000) / 10_000,
  longitude: place.longitude,
});

/**
 * New-job alerts: posting a job tells the listed providers of its category whose service radius
 * reaches it (or in its city when it has no point), never the customer, at most the 30 nearest.
 */
describe('new-job alerts', () => {
  let t: TestApp;
  let ama: TestUser;
  let kwame: TestUser;
  const kumasi = PLACES.kumasi;
  const P = {
    near: provider('Near Plumber', kumasi, { categories: ['plumbing'] }),
    fiveKm: provider('Five Km Plumber', { ...kumasi, ...north(kumasi, 5) }, { categories: ['plumbing'] }),
    fifteenKm: provider(
      'Fifteen Km Plumber',
      { ...kumasi, ...north(kumasi, 15) },
      { categories: ['plumbing'] },
    ),
    wide: provider('Wide Radius Plumber', { ...kumasi, ...north(kumasi, 15) }, { categories: ['plumbing'] }),
    electrician: provider('Kumasi Electrician', kumasi, { categories: ['electrical'] }),
    accra: provider('Accra Plumber', PLACES.accra, { categories: ['plumbing'] }),
    unlisted: provider('Unlisted Plumber', kumasi, { categories: ['plumbing'], onboarding_completed: false }),
  };
  const alertsFor = async (userId: string, jobId: string) =>
    (await noticesOf(t, userId, 'job')).filter((n) => n.link === `/task/${jobId}`);

  beforeAll(async () => {
    t = await createTestApp();
    ama = await signUp(t, { name: 'Ama Mensah' });
    // A customer who is also a plumber in Kumasi.
    kwame = await onboardedProvider(t, { name: 'Kwame Asante', place: kumasi, categories: ['plumbing'] });
    await seedProviders(t, Object.values(P));
    // 15 km away: the default 10 km radius does not reach Kumasi, 20 km does.
    await t.database.db
      .update(providerLocations)
      .set({ search_radius: 20 })
      .where(inArray(providerLocations.provider_id, [P.wide.id]));
    // 200 km away with a 100 km radius: still too far.
    await t.database.db
      .update(providerLocations)
      .set({ search_radius: 100 })
      .where(inArray(providerLocations.provider_id, [P.accra.id]));
  });
  afterAll(() => t.close());

  it('tells the matching providers in-app, within their own radius, and nobody else', async () => {
    const job = await postJob(t, ama, { title: 'Fix a leaking kitchen tap', ...pointOf(kumasi) });

    const [alert] = await alertsFor(P.fiveKm.id, job.id);
    expect(alert).toMatchObject({
      kind: 'job',
      title: 'New job near you: "Fix a leaking kitchen tap"',
      link: `/task/${job.id}`,
    });
    expect(alert!.body).toMatch(/plumbing, 5\.\d km from you/);

    for (const told of [P.near, P.fiveKm, P.wide, { id: kwame.id }]) {
      expect(await alertsFor(told.id, job.id), told.id).toHaveLength(1);
    }
    for (const untold of [P.fifteenKm, P.electrician, P.accra, P.unlisted, { id: ama.id }]) {
      expect(await alertsFor(untold.id, job.id), untold.id).toHaveLength(0);
    }
  });

  it('never tells the customer about their own job', async () => {
    const job = await postJob(t, kwame, { title: 'Replace the bathroom mixer', ...pointOf(kumasi) });
    expect(await alertsFor(kwame.id, job.id)).toHaveLength(0);
    expect(await alertsFor(P.near.id, job.id)).toHaveLength(1);
  });

  it('matches by city when the job has no map point', async () => {
    const job = await postJob(t, ama, {
      title: 'Unblock a shower drain',
      city: 'kumasi',
      latitude: null,
      longitude: null,
    });
    const [alert] = await alertsFor(P.fifteenKm.id, job.id);
    expect(alert!.body).toContain('plumbing, in kumasi');
    for (const told of [P.near, P.wide, kwame]) {
      expect(await alertsFor(told.id, job.id)).toHaveLength(1);
    }
    for (const untold of [P.electrician, P.accra, P.unlisted, ama]) {
      expect(await alertsFor(untold.id, job.id)).toHaveLength(0);
    }
  });

  it('tells at most the 30 nearest', async () => {
    const tamale = PLACES.tamale;
    // 31 plumbers in Tamale, 200 m apart going north: the farthest is about 6 km out.
    const crowd = Array.from({ length: 31 }, (_, i) =>
      provider(
        `Tamale Plumber ${i + 1}`,
        { ...tamale, ...north(tamale, i * 0.2) },
        { categories: ['plumbing'] },
      ),
    );
    await seedProviders(t, crowd);
    const job = await postJob(t, ama, {
      title: 'Fit a new water tank',
      city: 'Tamale',
      ...pointOf(tamale),
    });
    const told = await Promise.all(crowd.map(async (p) => (await alertsFor(p.id, job.id)).length));
    expect(told.slice(0, 30)).toEqual(Array(30).fill(1));
    expect(told[30]).toBe(0);
  });
});
