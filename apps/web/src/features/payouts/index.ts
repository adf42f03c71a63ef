// Entry file of features/payouts: the settings page is loaded lazily by the router.
export { payoutKeys } from './api/payout-settings.ts';
