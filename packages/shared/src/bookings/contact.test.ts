import { describe, expect, it } from 'vitest';
import { bookingContact, visitContactOpen, whatsappLink } from './contact.ts';

const at = (iso: string) => new Date(iso);

describe('visitContactOpen', () => {
  const booking = { status: 'scheduled' as const, scheduled_date: '2026-11-27', scheduled_end_date: null };
  it('opens the day before the visit and on the visit day, not earlier or after', () => {
    expect(visitContactOpen(booking, at('2026-11-25T23:59:00Z'))).toBe(false);
    expect(visitContactOpen(booking, at('2026-11-26T00:00:00Z'))).toBe(true);
    expect(visitContactOpen(booking, at('2026-11-27T18:00:00Z'))).toBe(true);
    expect(visitContactOpen(booking, at('2026-11-28T00:00:00Z'))).toBe(false);
  });
  it('covers every day of a several-day booking, across a month end', () => {
    const long = { ...booking, scheduled_date: '2026-12-01', scheduled_end_date: '2026-12-03' };
    expect(visitContactOpen(long, at('2026-11-30T08:00:00Z'))).toBe(true);
    expect(visitContactOpen(long, at('2026-12-03T08:00:00Z'))).toBe(true);
    expect(visitContactOpen(long, at('2026-12-04T08:00:00Z'))).toBe(false);
  });
  it('only while scheduled or under way, and only with a date', () => {
    const now = at('2026-11-27T08:00:00Z');
    expect(visitContactOpen({ ...booking, status: 'in_progress' }, now)).toBe(true);
    expect(visitContactOpen({ ...booking, status: 'completed' }, now)).toBe(false);
    expect(visitContactOpen({ ...booking, status: 'cancelled' }, now)).toBe(false);
    expect(visitContactOpen({ ...booking, scheduled_date: null }, now)).toBe(false);
  });
});

describe('bookingContact', () => {
  const phone = '+233241234567';
  it('gives a call number only when shown, a WhatsApp link only when turned on', () => {
    expect(whatsappLink(phone)).toBe('https://wa.me/233241234567');
    expect(bookingContact({ phone, show_phone: true, whatsapp_enabled: true })).toEqual({
      phone,
      whatsapp: 'https://wa.me/233241234567',
    });
    expect(bookingContact({ phone, show_phone: false, whatsapp_enabled: true })).toEqual({
      phone: null,
      whatsapp: 'https://wa.me/233241234567',
    });
    expect(bookingContact({ phone, show_phone: true, whatsapp_enabled: false })).toEqual({
      phone,
      whatsapp: null,
    });
  });
  it('gives nothing when the person hides both or has no phone', () => {
    expect(bookingContact({ phone, show_phone: false, whatsapp_enabled: false })).toBeNull();
    expect(bookingContact({ phone: null, show_phone: true, whatsapp_enabled: true })).toBeNull();
  });
});
