import { useQuotesText } from './i18n.ts';

/** The words of the quote actions (quote-actions.tsx) and of their buttons on a request card. */
export function useQuoteActionText() {
  const { t } = useQuotesText();
  const a = (key: string) => t(`action.${key}`);
  return {
    t,
    sendQuote: a('sendQuote'),
    sendTitle: a('sendTitle'),
    sendLead: (name: string) => t('action.sendLead', { name }),
    price: a('price'),
    priceHint: a('priceHint'),
    message: a('message'),
    messageHint: a('messageHint'),
    quoteSent: a('quoteSent'),
    quoteSentTo: (name: string) => t('action.quoteSentTo', { name }),
    decline: a('decline'),
    declineTitle: a('declineTitle'),
    declineLead: (name: string) => t('action.declineLead', { name }),
    declineMessage: a('declineMessage'),
    declineHint: a('declineHint'),
    declineConfirm: a('declineConfirm'),
    declined: a('declined'),
    accept: a('accept'),
    acceptTitle: a('acceptTitle'),
    acceptLead: (name: string) => t('action.acceptLead', { name }),
    acceptConfirm: a('acceptConfirm'),
    booked: (name: string) => t('action.booked', { name }),
    bookedText: a('bookedText'),
    viewBooking: a('viewBooking'),
    cancel: a('cancel'),
    cancelTitle: a('cancelTitle'),
    cancelLead: (name: string) => t('action.cancelLead', { name }),
    cancelConfirm: a('cancelConfirm'),
    cancelled: a('cancelled'),
    keep: a('keep'),
    back: a('back'),
    close: a('close'),
    failed: a('failed'),
  };
}
