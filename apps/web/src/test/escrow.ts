import type {
  BookingMoney,
  CustomerPayment,
  EarningsAnswer,
  EarningsBooking,
  Payout,
  PayoutSettings,
} from '@adwuma/shared';

// Booking money answers (issue 18) as the API gives them, for the web's component tests.

/** A GH₵ 450 booking the customer has not paid yet (due on 24 Nov 2026 at 10:00 Accra time). */
export function makeBookingMoney(overrides: Partial<BookingMoney> = {}): BookingMoney {
  return {
    payment_status: 'awaiting_payment',
    amount_minor: 45_000,
    currency: 'GHS',
    payment_due_at: '2026-11-24T10:00:00.000Z',
    paid_at: null,
    held_minor: 0,
    refunded_minor: 0,
    advance_minor: 0,
    pending_payment_id: null,
    commission_minor: null,
    earnings_minor: null,
    earnings_available_at: null,
    advance_cap_minor: 0,
    test_mode: true,
    ...overrides,
  };
}

/** The same booking paid and held. */
export const HELD_MONEY = makeBookingMoney({
  payment_status: 'held',
  payment_due_at: null,
  paid_at: '2026-11-22T10:00:00.000Z',
  held_minor: 45_000,
});

export function makeEarningsBooking(overrides: Partial<EarningsBooking> = {}): EarningsBooking {
  return {
    booking_id: 'b-1',
    title: 'Leak repair',
    customer_name: 'Efua Asante',
    completed_at: '2026-11-20T12:00:00.000Z',
    price_minor: 45_000,
    commission_percent: 10,
    commission_minor: 4500,
    earnings_minor: 40_500,
    advance_minor: 0,
    payment_status: 'released',
    earnings_state: 'pending',
    earnings_available_at: '2026-11-23T12:00:00.000Z',
    ...overrides,
  };
}

export function makePayout(overrides: Partial<Payout> = {}): Payout {
  return {
    id: 'po-1',
    amount_minor: 40_500,
    status: 'paid',
    method_label: 'MTN MoMo •••• 4567',
    failure_reason: null,
    created_at: '2026-11-18T09:00:00.000Z',
    settled_at: '2026-11-18T09:05:00.000Z',
    ...overrides,
  };
}

/** A Pro provider with money in every state and a payout method. */
export function makeEarnings(overrides: Partial<EarningsAnswer> = {}): EarningsAnswer {
  return {
    tier: 'pro',
    payout_delay_days: 3,
    held_minor: 30_000,
    pending_minor: 40_500,
    available_minor: 12_000,
    in_flight_minor: 0,
    paid_out_minor: 81_000,
    next_payout_at: '2026-11-23T12:15:00.000Z',
    has_payout_method: true,
    hold_until: null,
    bookings: [
      makeEarningsBooking(),
      makeEarningsBooking({
        booking_id: 'b-2',
        title: 'Braids for a wedding',
        customer_name: 'Abena Owusu',
        completed_at: null,
        price_minor: 30_000,
        commission_percent: null,
        commission_minor: null,
        earnings_minor: null,
        payment_status: 'held',
        earnings_state: 'held',
        earnings_available_at: null,
      }),
    ],
    payouts: [
      makePayout({
        id: 'po-2',
        amount_minor: 12_000,
        status: 'failed',
        failure_reason: 'The wallet did not accept the transfer.',
        created_at: '2026-11-21T09:00:00.000Z',
        settled_at: null,
      }),
      makePayout(),
    ],
    ...overrides,
  };
}

export const BANKS = [
  { code: 'GCB', name: 'GCB Bank' },
  { code: 'ECO', name: 'Ecobank Ghana' },
];

export function makePayoutSettings(overrides: Partial<PayoutSettings> = {}): PayoutSettings {
  return { method: null, hold_until: null, banks: BANKS, test_mode: true, ...overrides };
}

export function makeCustomerPayment(overrides: Partial<CustomerPayment> = {}): CustomerPayment {
  return {
    id: 'pay-b1',
    booking_id: 'b-1',
    title: 'Leak repair',
    provider_name: 'Kofi Asante',
    status: 'succeeded',
    amount_minor: 45_000,
    refunded_minor: 0,
    method_label: 'MTN MoMo •••• 4567',
    receipt_number: 'ADW-2026-000200',
    created_at: '2026-11-22T09:58:00.000Z',
    paid_at: '2026-11-22T10:00:00.000Z',
    refunds: [],
    ...overrides,
  };
}
