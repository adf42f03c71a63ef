// Entry file of features/payments: the page is loaded lazily by the router.
export { customerPaymentKeys } from './api/payments.ts';
