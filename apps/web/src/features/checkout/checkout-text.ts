import type { BillingCadence } from '@adwuma/shared';

export const CADENCE_LABEL: Record<BillingCadence, string> = { monthly: 'monthly', annual: 'annual' };

export const SUCCESS_TEXT = {
  title: 'Payment result',
  confirming: 'Confirming your payment',
  confirmingBody:
    'We are waiting for the payment provider to confirm your payment. This usually takes a few seconds; keep this page open.',
  slow: 'Still waiting for confirmation',
  slowBody:
    'The payment provider has not confirmed your payment yet. Mobile money can take a few minutes. Your plan changes as soon as the payment is confirmed, and we email your receipt; you can safely leave this page.',
  checkAgain: 'Check again',
  onPlan: (plan: string) => `You're on ${plan}`,
  paidBody: 'Your payment is confirmed and your new plan is active now.',
  amount: 'Amount paid',
  plan: 'Plan',
  paidWith: 'Paid with',
  receipt: 'Receipt number',
  periodEnd: 'Paid until',
  manage: 'Manage subscription',
  continue: 'Continue',
  failed: 'Payment failed',
  failedBody: 'The payment did not go through, so your plan has not changed.',
  cancelled: 'Payment cancelled',
  cancelledBody: 'The payment was cancelled. Nothing was charged and your plan has not changed.',
  superseded: 'This checkout was replaced',
  supersededBody: 'You started a newer checkout, so this one was closed without charging you.',
  refunded: 'Payment refunded',
  refundedBody: 'This payment was refunded to you.',
  tryAgain: 'Try again',
  noPayment: 'No payment to show',
  noPaymentBody: 'This page shows the result of a payment, but the link does not name one.',
  notFound: 'Payment not found',
  notFoundBody: 'We could not find this payment on your account.',
  testMode: 'Test payment: no real money moved.',
} as const;

export const CANCELLED_TEXT = {
  title: 'Payment cancelled',
  body: 'You cancelled the payment. Nothing was charged and your plan has not changed.',
  planLine: (plan: string, cadence: string, amount: string) => `${plan}, ${cadence}: ${amount}`,
  tryAgain: 'Try again',
  otherPlan: 'Choose another plan',
  subscription: 'Go to subscription',
  paidAfterAll: 'This payment went through',
  paidAfterAllBody: 'The payment provider confirmed this payment after all.',
  seeResult: 'See your plan',
} as const;
