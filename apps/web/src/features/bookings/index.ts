// Entry file of features/bookings: other features import bookings only from here (scripts/check-deps.mjs).
export { BOOKINGS_API, bookingKeys, useBookings } from './api/get-bookings.ts';
export { otherParty } from './booking-item.tsx';
export { dayTile, expiryText, formatDateRange, formatDay, useDates } from './dates.ts';
export { nextBookings } from './group-bookings.ts';
export { bookingPagePath, bookingPath } from './links.ts';
