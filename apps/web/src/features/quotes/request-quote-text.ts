import { buildPath, ROUTES } from '../../lib/routes.ts';
import { useQuotesText } from './i18n.ts';

/** The words of "Request a quote" (request-quote.tsx) and its dialog (request-quote-dialog.tsx). */
export function useRequestQuoteText() {
  const { t } = useQuotesText();
  return {
    t,
    button: t('request.button'),
    title: (name: string) => t('request.title', { name }),
    lead: t('request.lead'),
    sentTitle: t('request.sentTitle'),
    sent: (name: string) => t('request.sent', { name }),
    sentText: t('request.sentText'),
    view: t('request.view'),
    done: t('request.done'),
  };
}

export const SENT_REQUESTS_PATH = buildPath(ROUTES.serviceRequests, undefined, { tab: 'sent' });
