// Entry file of features/earnings: the page is loaded lazily by the router; nothing else is shared yet.
export { earningsKeys } from './api/earnings.ts';
