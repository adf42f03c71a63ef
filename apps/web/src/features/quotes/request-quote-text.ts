import { buildPath, ROUTES } from '../../lib/routes.ts';

/** The words of "Request a quote" (request-quote.tsx) and its dialog (request-quote-dialog.tsx). */
export const REQUEST_QUOTE_TEXT = {
  button: 'Request a quote',
  title: (name: string) => `Ask ${name} for a quote`,
  lead: 'Describe the job: the provider answers with a price within 7 days. Nothing is booked until you accept.',
  sentTitle: 'Request sent',
  sent: (name: string) => `Your request was sent to ${name}.`,
  sentText: 'You will get a notice when they answer. Requests without an answer expire after 7 days.',
  view: 'See your requests',
  done: 'Done',
} as const;

export const SENT_REQUESTS_PATH = buildPath(ROUTES.serviceRequests, undefined, { tab: 'sent' });
