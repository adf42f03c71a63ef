// Entry file of features/booking-money: other features import it only from here (scripts/check-deps.mjs).
export { useBookingMoney } from './api/booking-money.ts';
export { BookingMoneyPanel } from './booking-money-panel.tsx';
