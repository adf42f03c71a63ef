import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, profiles } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import { call } from '../../test/providers.ts';
import { daysFromNow } from '../../test/quotes.ts';
import { createBooking } from './booking-store.ts';

/** Call / WhatsApp on the booking page (issue 22): only around the visit, only what is shared. */
describe('booking contact (GET /api/bookings/:id)', () => {
  let t: TestApp;
  let provider: TestUser;
  let customer: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    provider = await signUp(t, { name: 'Kwabena Ofori', role: 'explorer' });
    customer = await signUp(t, { name: 'Ama Mensah' });
    stranger = await signUp(t, { name: 'Kofi Stranger' });
    await t.database.db
      .update(profiles)
      .set({ phone: '+233241234567', show_phone: true, whatsapp_enabled: true })
      .where(eq(profiles.id, provider.id));
    // The customer has a phone but shares neither.
    await t.database.db
      .update(profiles)
      .set({ phone: '+233201112222', show_phone: false, whatsapp_enabled: false })
      .where(eq(profiles.id, customer.id));
  });
  afterAll(() => t.close());

  const book = (date: string) =>
    t.database.db.transaction((tx) =>
      createBooking(tx, {
        customerId: customer.id,
        providerId: provider.id,
        source: 'quote',
        title: 'Water tank installation',
        price: 50_000,
        scheduledDate: date,
        city: 'Kumasi',
        address: 'Adum',
      }),
    );
  const detail = async (user: TestUser, id: string) => {
    const res = await call(t, 'GET', `/api/bookings/${id}`, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().booking as { contact: { phone: string | null; whatsapp: string | null } | null };
  };

  it("gives the customer the provider's Call and WhatsApp on the visit day and the day before", async () => {
    for (const date of [daysFromNow(0), daysFromNow(1)]) {
      const id = await book(date);
      expect((await detail(customer, id)).contact).toEqual({
        phone: '+233241234567',
        whatsapp: 'https://wa.me/233241234567',
      });
    }
  });

  it('gives nothing earlier, nor once the booking is over', async () => {
    const later = await book(daysFromNow(5));
    expect((await detail(customer, later)).contact).toBeNull();
    const done = await book(daysFromNow(0));
    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, done));
    expect((await detail(customer, done)).contact).toBeNull();
  });

  it('never sends a hidden number: WhatsApp only when the phone is hidden, nothing when both are off', async () => {
    const id = await book(daysFromNow(0));
    await t.database.db.update(profiles).set({ show_phone: false }).where(eq(profiles.id, provider.id));
    const res = await call(t, 'GET', `/api/bookings/${id}`, customer.cookie);
    expect(res.json().booking.contact).toEqual({ phone: null, whatsapp: 'https://wa.me/233241234567' });
    // The provider sees nothing of the customer, who shares neither.
    const theirs = await call(t, 'GET', `/api/bookings/${id}`, provider.cookie);
    expect(theirs.json().booking.contact).toBeNull();
    expect(theirs.body).not.toContain('233201112222');
    // Someone else gets no booking at all.
    expect((await call(t, 'GET', `/api/bookings/${id}`, stranger.cookie)).statusCode).toBe(404);
    await t.database.db
      .update(profiles)
      .set({ show_phone: true, whatsapp_enabled: true })
      .where(eq(profiles.id, provider.id));
  });
});
