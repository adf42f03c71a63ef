import { favoritesResponseSchema } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedProvider } from '../../db/demo-seed.ts';
import { profiles } from '../../db/schema.ts';
import { refreshProviderSearch } from '../../kernel/provider-search.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import { call, PLACES, provider, seedProviders, service } from '../../test/providers.ts';

/** Favorites: saved on the server per user, private to their owner. */
describe('favorites API', () => {
  let t: TestApp;
  let akosua: TestUser;
  let kofi: TestUser;
  let plumber: SeedProvider;
  let braider: SeedProvider;
  let unlisted: SeedProvider;
  let many: SeedProvider[];

  beforeAll(async () => {
    t = await createTestApp();
    plumber = provider('Kwame Mensah', PLACES.accra, { services: [service('plumbing', 'Leak repair', 150)] });
    braider = provider('Ama Owusu', PLACES.kumasi, { services: [service('hair-braiding', 'Cornrows', 80)] });
    unlisted = provider('Not Yet', PLACES.accra, { onboarding_completed: false });
    many = Array.from({ length: 22 }, (_, i) =>
      provider(`Cleaner ${String(i).padStart(2, '0')}`, PLACES.tema, {
        services: [service('house-cleaning', 'Home cleaning', 200)],
      }),
    );
    await seedProviders(t, [plumber, braider, unlisted, ...many]);
    akosua = await signUp(t, { name: 'Akosua Badu' });
    kofi = await signUp(t, { name: 'Kofi Annan' });
  });
  afterAll(() => t.close());

  const list = async (user: TestUser, page = 1) => {
    const res = await call(t, 'GET', `/api/favorites?page=${page}`, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return favoritesResponseSchema.parse(res.json());
  };

  it('needs a session', async () => {
    expect((await call(t, 'GET', '/api/favorites')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/favorites/ids')).statusCode).toBe(401);
    expect((await call(t, 'PUT', `/api/favorites/${plumber.id}`)).statusCode).toBe(401);
    expect((await call(t, 'DELETE', `/api/favorites/${plumber.id}`)).statusCode).toBe(401);
  });

  it('saves listed providers only, idempotently, newest first', async () => {
    expect((await call(t, 'PUT', '/api/favorites/nobody', akosua.cookie)).statusCode).toBe(404);
    expect((await call(t, 'PUT', `/api/favorites/${unlisted.id}`, akosua.cookie)).statusCode).toBe(404);
    const self = await call(t, 'PUT', `/api/favorites/${akosua.id}`, akosua.cookie);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('You cannot add yourself to your favorites.');
    let res = await call(t, 'PUT', `/api/favorites/${plumber.id}`, akosua.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ provider_id: plumber.id, favorited: true });
    expect((await call(t, 'PUT', `/api/favorites/${plumber.id}`, akosua.cookie)).statusCode).toBe(200);
    res = await call(t, 'PUT', `/api/favorites/${braider.id}`, akosua.cookie);
    expect(res.statusCode).toBe(200);

    const mine = await list(akosua);
    expect(mine.total).toBe(2);
    expect(mine.items.map((i) => i.name)).toEqual(['Ama Owusu', 'Kwame Mensah']);
    expect(mine.items[1]).toMatchObject({
      provider_id: plumber.id,
      city: 'Accra',
      min_price_minor: 15_000,
      favorited: true,
    });
    expect(Date.parse(mine.items[0]!.favorited_at)).not.toBeNaN();
    expect((await call(t, 'GET', '/api/favorites/ids', akosua.cookie)).json()).toEqual({
      provider_ids: [braider.id, plumber.id],
    });
  });

  it("never shows or changes another user's favorites", async () => {
    expect((await list(kofi)).items).toEqual([]);
    expect((await call(t, 'GET', '/api/favorites/ids', kofi.cookie)).json()).toEqual({ provider_ids: [] });
    // Kofi removing "his" favorite of the plumber touches only his own list.
    const res = await call(t, 'DELETE', `/api/favorites/${plumber.id}`, kofi.cookie);
    expect(res.statusCode).toBe(200);
    expect((await list(akosua)).total).toBe(2);
    // The search says favorited per caller.
    const forKofi = (await call(t, 'GET', '/api/search?category=plumbing', kofi.cookie)).json();
    expect(forKofi.items[0]).toMatchObject({ provider_id: plumber.id, favorited: false });
    const forAkosua = (await call(t, 'GET', '/api/search?category=plumbing', akosua.cookie)).json();
    expect(forAkosua.items[0]).toMatchObject({ provider_id: plumber.id, favorited: true });
    // No route takes a user id: the query string is ignored.
    const sneaky = await call(t, 'GET', `/api/favorites?user_id=${akosua.id}`, kofi.cookie);
    expect(sneaky.json().items).toEqual([]);
  });

  it('removes, pages, and hides providers who are no longer listed', async () => {
    expect((await call(t, 'DELETE', `/api/favorites/${plumber.id}`, akosua.cookie)).json()).toEqual({
      provider_id: plumber.id,
      favorited: false,
    });
    expect((await list(akosua)).items.map((i) => i.name)).toEqual(['Ama Owusu']);

    for (const p of many)
      expect((await call(t, 'PUT', `/api/favorites/${p.id}`, kofi.cookie)).statusCode).toBe(200);
    const first = await list(kofi);
    const second = await list(kofi, 2);
    expect([first.items.length, second.items.length, first.total, second.total]).toEqual([20, 2, 22, 22]);
    expect((await list(kofi, 3)).total).toBe(22);
    expect((await call(t, 'GET', '/api/favorites?page=0', kofi.cookie)).statusCode).toBe(400);

    // A provider who stops being listed drops out of the list (the row stays, should they return).
    await t.database.db
      .update(profiles)
      .set({ onboarding_completed: false })
      .where(eq(profiles.id, many[0]!.id));
    await refreshProviderSearch(t.database.db, many[0]!.id);
    expect((await list(kofi)).total).toBe(21);
    await t.database.db
      .update(profiles)
      .set({ onboarding_completed: true })
      .where(eq(profiles.id, many[0]!.id));
    await refreshProviderSearch(t.database.db, many[0]!.id);
    expect((await list(kofi)).total).toBe(22);
  });
});
