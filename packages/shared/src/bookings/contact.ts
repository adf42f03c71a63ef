import { z } from 'zod';
import type { BookingStatus } from './lifecycle.ts';

/**
 * Calling or messaging the other side of a booking around the visit (issue 22): offered the day
 * before and on the visit days (Accra = UTC), while the booking is scheduled or under way, and only
 * with what the other person chose to share (show_phone for a call, whatsapp_enabled for WhatsApp).
 */

/** The other side's phone as the booking page may use it; both null = nothing shared. */
export const bookingContactSchema = z.object({
  /** +233XXXXXXXXX for a tel: link; null unless they show their phone. */
  phone: z.string().nullable(),
  /** https://wa.me/233XXXXXXXXX; null unless they turned WhatsApp on. */
  whatsapp: z.string().nullable(),
});
export type BookingContact = z.infer<typeof bookingContactSchema>;

const CONTACT_STATUSES: readonly BookingStatus[] = ['scheduled', 'in_progress'];

/** Whether Call / WhatsApp are offered now: the day before the visit until its last day. */
export function visitContactOpen(
  b: { status: BookingStatus; scheduled_date: string | null; scheduled_end_date: string | null },
  now: Date,
): boolean {
  if (!CONTACT_STATUSES.includes(b.status) || !b.scheduled_date) return false;
  const today = now.toISOString().slice(0, 10);
  const dayBefore = new Date(`${b.scheduled_date}T00:00:00Z`);
  dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
  const last = b.scheduled_end_date ?? b.scheduled_date;
  return today >= dayBefore.toISOString().slice(0, 10) && today <= last;
}

/** A WhatsApp chat link for a stored Ghana number (+233XXXXXXXXX): https://wa.me/233XXXXXXXXX. */
export function whatsappLink(e164: string): string {
  return `https://wa.me/${e164.replace(/\D/g, '')}`;
}

/** What the booking page may show of the other side's phone, given what they chose to share. */
export function bookingContact(other: {
  phone: string | null;
  show_phone: boolean;
  whatsapp_enabled: boolean;
}): BookingContact | null {
  if (!other.phone) return null;
  const phone = other.show_phone ? other.phone : null;
  const whatsapp = other.whatsapp_enabled ? whatsappLink(other.phone) : null;
  return phone || whatsapp ? { phone, whatsapp } : null;
}
