// Entry file of features/quotes: other features import quotes only from here (scripts/check-deps.mjs).
export { useQuoteRequests } from './api/get-quote-requests.ts';
export { RequestQuoteButton } from './request-quote.tsx';
