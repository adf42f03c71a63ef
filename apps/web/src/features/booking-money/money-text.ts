import { type BookingPaymentStatus, ESCROW_LIMITS } from '@adwuma/shared';
import type { BadgeTone } from '../../components/ui/badge.tsx';

// The booking page's money panel and the provider's materials: every sentence in one place.

export { cedis, formatDay, formatMoment } from '../../lib/money-format.ts';

export const STATUS_TONES: Record<BookingPaymentStatus, BadgeTone> = {
  not_required: 'neutral',
  awaiting_payment: 'brand',
  held: 'leaf',
  released: 'leaf',
  refunded: 'neutral',
  partially_refunded: 'neutral',
  expired: 'danger',
};

export const MONEY_TEXT = {
  title: 'Payment',
  testMode: 'TEST MODE',
  testModeNote: 'Test payments: no real money moves.',
  amount: 'Price',
  held: 'Held by Adwuma',
  paidOn: 'Paid on',
  refunded: 'Refunded',
  advance: 'Materials advance',
  commission: (percent: number | null) => (percent === null ? 'Commission' : `Commission (${percent}%)`),
  earnings: 'Your earnings',
  // Customer
  payBy: (when: string) => `Pay by ${when}, or the booking is released.`,
  /** How and when, in plain words, above the Pay button. */
  howToPay: `Pay here on Adwuma with mobile money or a card within ${ESCROW_LIMITS.paymentDueHours} hours of booking.`,
  payWith: 'Pay with',
  methods: { mobile_money: 'Mobile money', card: 'Card' },
  pay: (amount: string) => `Pay ${amount}`,
  processing: 'Processing...',
  continuePayment: 'Continue your payment',
  unfinished: 'You started a payment that is not finished yet.',
  whyPay:
    'Adwuma holds your payment and pays the provider only once you confirm the work is done. If the booking is cancelled, you get your money back under the cancellation policy.',
  heldCustomer: 'Your payment is safe with Adwuma. The provider is paid once you confirm the work is done.',
  releasedCustomer: 'You confirmed the work, so your payment went to the provider.',
  refundedCustomer: (amount: string) => `${amount} is refunded to you, to the account you paid with.`,
  refundStatus: 'Follow the refund in Payments',
  expiredCustomer: 'This booking was not paid in time, so it was released.',
  advanceCustomer: (amount: string) => `${amount} of it was paid to the provider upfront for materials.`,
  confirming: 'Confirming your payment',
  confirmingBody: 'We are waiting for the payment provider to confirm. This usually takes a few seconds.',
  slow: 'Still waiting for confirmation',
  slowBody:
    'Mobile money can take a few minutes. The booking shows "Paid — held by Adwuma" as soon as the payment is confirmed.',
  checkAgain: 'Check again',
  notCompleted: 'The payment was not completed. Nothing was charged; you can pay again.',
  paidNow: 'Payment received. Thank you!',
  // Provider
  notPaidProvider: (when: string | null) =>
    when
      ? `The customer pays Adwuma by mobile money or card within ${ESCROW_LIMITS.paymentDueHours} hours of booking. They have until ${when}; if they do not pay, the booking is released.`
      : '',
  startAfterPay: 'You can start the work once they have paid.',
  heldProvider: 'The customer paid. Adwuma holds the money and pays you once the customer confirms the work.',
  releasedProvider: 'The customer confirmed the work.',
  availableOn: (when: string) => `Available for payout on ${when}`,
  availableNow: 'Available for payout',
  seeEarnings: 'See your earnings',
  refundedProvider: (amount: string) => `${amount} was refunded to the customer.`,
  expiredProvider: 'The customer did not pay in time, so the booking was released.',
  loading: 'Loading the payment',
  loadFailed: 'The payment details did not load.',
  retry: 'Try again',
} as const;

export const MATERIALS_TEXT = {
  title: 'Materials',
  advanceTitle: 'Take a materials advance',
  advanceLead: (cap: string) =>
    `Your plan lets you take up to ${cap} of the price now to buy materials. It is sent to your payout method at once and deducted from your earnings.`,
  amount: 'Amount',
  takeAdvance: 'Take a materials advance',
  advancePaid: (amount: string) => `Materials advance paid: ${amount}. It is deducted from your earnings.`,
  advanceSent: (amount: string) => `${amount} is on its way to your payout method.`,
  aboveZero: 'Enter an amount above zero',
  receiptTitle: 'Add a material receipt',
  receiptLead:
    'On the Starter plan, materials are paid back with your earnings once the customer confirms the work. Add a photo of each receipt.',
  photo: 'Photo of the receipt',
  choosePhoto: 'Take or choose a photo',
  changePhoto: 'Choose another photo',
  needPhoto: 'Add a photo of the receipt',
  description: 'What you bought',
  needDescription: 'Say what you bought',
  addReceipt: 'Add receipt',
  receiptAdded: 'Receipt added.',
  receipts: 'Your receipts',
  noReceipts: 'No receipts yet.',
  receiptsTotal: (amount: string) => `Receipts: ${amount}, paid back with your earnings.`,
} as const;
