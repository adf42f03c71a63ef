// Entry file of features/checkout: other features import checkout only from here (scripts/check-deps.mjs).
// Only the light parts: the pages are loaded lazily by the router.
export {
  CHECKOUT_SESSION_PATH,
  type CheckoutBody,
  checkoutErrorMessage,
  createCheckoutSession,
  useStartCheckout,
} from './api/create-checkout-session.ts';
export { paymentApiPath, paymentKeys, paymentQuery } from './api/get-payment.ts';
export { paymentCancelledPath, paymentSuccessPath, pricingPath } from './checkout-links.ts';
export { pageNavigation } from './page-navigation.ts';
