import { type Job, jobBoardResponseSchema } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import { placeBid, postJob } from '../../test/jobs.ts';
import { call, onboardedProvider, PLACES } from '../../test/providers.ts';

/**
 * GET /api/jobs, the providers' board: matching jobs (their categories, their service area) first,
 * then the rest, newest first; every filter; who may look; bad input answered with 400, never 500.
 */
describe('job board', () => {
  let t: TestApp;
  let ama: TestUser;
  let plumber: TestUser;
  const J: Record<string, Job> = {};

  beforeAll(async () => {
    t = await createTestApp();
    ama = await signUp(t, { name: 'Ama Mensah' });
    plumber = await onboardedProvider(t, {
      name: 'Kwabena Ofori',
      place: PLACES.kumasi,
      categories: ['plumbing'],
    });
    const kumasi = { city: 'Kumasi', latitude: PLACES.kumasi.latitude, longitude: PLACES.kumasi.longitude };
    const accra = { city: 'Accra', latitude: PLACES.accra.latitude, longitude: PLACES.accra.longitude };
    // Oldest first.
    J.oldNear = await postJob(t, ama, {
      title: 'Old tap job nearby',
      ...kumasi,
      budget_min: null,
      budget_max: 15_000,
    });
    J.near = await postJob(t, ama, { title: 'Fix the garden gate valve', ...kumasi });
    J.far = await postJob(t, ama, {
      title: 'Install a water pump in Accra',
      description: 'I am 100% sure the old pump is gone; a new one must be fitted.',
      ...accra,
      budget_min: 50_000,
      budget_max: 90_000,
    });
    J.otherTrade = await postJob(t, ama, {
      title: 'Cater a naming ceremony',
      category: 'catering',
      description: 'Jollof and waakye for 60 guests at our house this Saturday.',
      ...kumasi,
      budget_min: null,
      budget_max: null,
    });
    J.cityOnly = await postJob(t, ama, {
      title: 'Unblock a shower drain',
      city: 'kumasi',
      latitude: null,
      longitude: null,
    });
    J.own = await postJob(t, plumber, { title: 'My own leaking roof gutter' });
    J.cancelled = await postJob(t, ama, { title: 'A cancelled plumbing job' });
    await call(t, 'POST', `/api/jobs/${J.cancelled.id}/cancel`, ama.cookie);
    J.expired = await postJob(t, ama, { title: 'An expired plumbing job' });
    await t.database.db
      .update(jobs)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, J.expired.id));
    // Posted five days ago.
    await t.database.db
      .update(jobs)
      .set({ created_at: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(jobs.id, J.oldNear.id));
  });
  afterAll(() => t.close());

  const board = async (params = '', user: TestUser = plumber) => {
    const res = await call(t, 'GET', `/api/jobs${params ? `?${params}` : ''}`, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return jobBoardResponseSchema.parse(res.json());
  };
  const titles = async (params = '') => (await board(params)).items.map((i) => i.title);

  it('lists open jobs of others: matching ones first, then the rest, newest first within each', async () => {
    const page = await board();
    expect(page.items.map((i) => [i.title, i.matches])).toEqual([
      ['Unblock a shower drain', true],
      ['Fix the garden gate valve', true],
      ['Old tap job nearby', true],
      ['Cater a naming ceremony', false],
      ['Install a water pump in Accra', false],
    ]);
    expect(page).toMatchObject({ total: 5, page: 1, page_size: 20 });
    expect(page.allowance).toMatchObject({ tier: 'starter', limit: 10, remaining: 10 });
  });

  it('shows distances, an excerpt, and no street address or full name', async () => {
    const page = await board();
    const byTitle = Object.fromEntries(page.items.map((i) => [i.title, i]));
    expect(byTitle['Fix the garden gate valve']).toMatchObject({
      distance_km: 0,
      address: null,
      customer: { name: 'Ama M.' },
      excerpt: expect.stringContaining('kitchen tap drips'),
      my_bid_status: null,
    });
    expect(byTitle['Install a water pump in Accra']!.distance_km).toBeGreaterThan(190);
    expect(byTitle['Unblock a shower drain']!.distance_km).toBeNull();
    expect(JSON.stringify(page)).not.toContain('House 12');
  });

  it('filters by text, with LIKE wildcards taken literally', async () => {
    expect(await titles('q=gate')).toEqual(['Fix the garden gate valve']);
    expect(await titles('q=GARDEN%20valve')).toEqual(['Fix the garden gate valve']);
    expect(await titles('q=jollof')).toEqual(['Cater a naming ceremony']);
    expect(await titles('q=100%25')).toEqual(['Install a water pump in Accra']);
    expect(await titles('q=%25')).toEqual(['Install a water pump in Accra']);
    expect(await titles('q=_')).toEqual([]);
    // A control character is refused with the field named, never a 500.
    const nul = await call(t, 'GET', '/api/jobs?q=tap%00drain', plumber.cookie);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.details.fields[0].field).toBe('query.q');
  });

  it('filters by category, distance, budget and posting date', async () => {
    expect(await titles('category=catering')).toEqual(['Cater a naming ceremony']);
    expect(await titles('category=hair-braiding')).toEqual([]);
    expect(await titles('distance=50')).toEqual([
      'Unblock a shower drain',
      'Fix the garden gate valve',
      'Old tap job nearby',
      'Cater a naming ceremony',
    ]);
    expect(await titles('budget_min=40000')).toEqual([
      'Unblock a shower drain',
      'Fix the garden gate valve',
      'Install a water pump in Accra',
    ]);
    expect(await titles('posted_since=3&category=plumbing')).toEqual([
      'Unblock a shower drain',
      'Fix the garden gate valve',
      'Install a water pump in Accra',
    ]);
    const second = await board('page=2');
    expect(second.items).toEqual([]);
    expect(second.total).toBe(5);
  });

  it('marks the jobs I bid on', async () => {
    const bidder = await onboardedProvider(t, {
      name: 'Yaw Bidder',
      place: PLACES.tema,
      categories: ['catering'],
    });
    await placeBid(t, bidder, J.otherTrade!.id);
    const page = await board('', bidder);
    const status = Object.fromEntries(page.items.map((i) => [i.title, i.my_bid_status]));
    expect(status['Cater a naming ceremony']).toBe('active');
    expect(status['Fix the garden gate valve']).toBeNull();
    // Catering is Yaw's trade but Kumasi is outside his area (Tema): no job matches.
    expect(page.items.every((i) => !i.matches)).toBe(true);
    expect(page.items.map((i) => i.title)).toContain('My own leaking roof gutter');
  });

  it('is for onboarded providers only', async () => {
    expect((await call(t, 'GET', '/api/jobs')).statusCode).toBe(401);
    const customer = await call(t, 'GET', '/api/jobs', ama.cookie);
    expect(customer.statusCode).toBe(403);
    const newcomer = await signUp(t, { role: 'explorer' });
    const res = await call(t, 'GET', '/api/jobs', newcomer.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.details.reason).toBe('ONBOARDING_INCOMPLETE');
  });

  it.each([
    ['a 5,000-character search', `q=${'a'.repeat(5000)}`, 'q'],
    ['a distance that is not a number', 'distance=far', 'distance'],
    ['a distance of 0', 'distance=0', 'distance'],
    ['a negative budget', 'budget_min=-100', 'budget_min'],
    ['an unknown posting window', 'posted_since=2', 'posted_since'],
    ['a malformed category', 'category=DROP%20TABLE', 'category'],
    ['page 0', 'page=0', 'page'],
    ['page 9999', 'page=9999', 'page'],
  ])('answers %s with a 400 naming the field', async (_, params, field) => {
    const res = await call(t, 'GET', `/api/jobs?${params}`, plumber.cookie);
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.fields[0].field).toBe(field);
  });
});
