// The checkout's words, without zod: the public /pricing page shows them with no schema library in
// its download (issue 20). The request and answer schemas are in api.ts.

/** The spec's checkout strings (spec 8 "Checkout", spec 2 "Pricing page"). */
export const CHECKOUT_MESSAGES = {
  errorTitle: 'Error',
  authRequired: 'Authentication required',
  noUrl: 'No checkout URL received',
  processing: 'Processing...',
  notConfigured: 'Payments are not set up on this server yet. Please try again later.',
  providersOnly: 'Only service providers can subscribe to a plan.',
  currencyUnavailable: 'This currency is not available for payment right now.',
  alreadyOnTier: 'You are already on this plan.',
  /** Spec 7: dollar plans are paid monthly by card; yearly plans are paid in cedis. */
  dollarsMonthly: 'Plans in dollars are paid monthly by card. Choose monthly, or pay yearly in cedis.',
} as const;

/** Test card numbers of the sandbox (the familiar Stripe ones). */
export const SANDBOX_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
} as const;

export const SANDBOX_MESSAGES = {
  testMode: 'TEST MODE',
  testModeNote: 'This is a test checkout. No real money moves.',
  cardDeclined: 'Your card was declined.',
  promptDeclined: 'You declined the payment on your phone.',
  unknownCard: `Use the test card ${SANDBOX_CARDS.approve} (approved) or ${SANDBOX_CARDS.decline} (declined).`,
  pinInvalid: 'Enter your 4-digit PIN',
  notOpen: 'This checkout is no longer open.',
} as const;
