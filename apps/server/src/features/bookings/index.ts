// Entry file of the bookings feature: the only file other features import from it.
// (app.ts registers ./routes.ts directly; see docs/decisions/012-layering.md.)

export { createBooking } from './booking-store.ts';
export { BOOKING_NOT_FOUND, type BookingRow, findBooking, toBooking, toBookings } from './booking-view.ts';
