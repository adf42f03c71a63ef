import { formatMoney } from '@adwuma/shared';
import type { Party } from '../../kernel/booking-parties.ts';
import type { Notice } from '../notifications/index.ts';
import type { QuoteRow } from './quote-view.ts';

/** Where a notice about a request opens: the tab of the person told, on that request. */
export const quoteLink = (box: 'received' | 'sent', id: string) =>
  `/service-requests?tab=${box}&request=${id}`;
/** Where a booking opens (the schedule of issue 8). */
export const bookingLink = (id: string) => `/schedule?booking=${id}`;

const money = (minor: number) => formatMoney(minor, 'GHS');

interface People {
  customer: Party;
  provider: Party;
}

/** To the provider: someone asked for a quote. */
export function requestedNotice(row: QuoteRow, p: People): Notice {
  return {
    userId: row.provider_id,
    kind: 'quote',
    title: 'New quote request',
    body: `${p.customer.person.name} asked you for a quote for "${row.service_title}". Answer within 7 days.`,
    link: quoteLink('received', row.id),
    mail: true,
  };
}

/** To the customer: the provider answered with a price. */
export function quotedNotice(row: QuoteRow, p: People): Notice {
  return {
    userId: row.customer_id,
    kind: 'quote',
    title: 'You have a quote',
    body: `${p.provider.bidder.name} quoted ${money(row.quote_price_minor ?? 0)} for "${row.service_title}". Accept it within 7 days to book.`,
    link: quoteLink('sent', row.id),
    mail: true,
  };
}

/** To the customer: the provider declined. */
export function declinedNotice(row: QuoteRow, p: People): Notice {
  const said = row.decline_message ? ` Their note: "${row.decline_message}"` : '';
  return {
    userId: row.customer_id,
    kind: 'quote',
    title: 'Quote request declined',
    body: `${p.provider.bidder.name} cannot take on "${row.service_title}" this time.${said} You can ask another provider.`,
    link: quoteLink('sent', row.id),
    mail: true,
  };
}

/** To the provider: the customer withdrew the request. */
export function cancelledNotice(row: QuoteRow, p: People): Notice {
  return {
    userId: row.provider_id,
    kind: 'quote',
    title: 'Quote request cancelled',
    body: `${p.customer.person.name} cancelled their request for "${row.service_title}".`,
    link: quoteLink('received', row.id),
    mail: true,
  };
}

/** To both: the quote is accepted and a booking made. */
export function acceptedNotices(row: QuoteRow, bookingId: string, p: People): Notice[] {
  const when = row.preferred_date ? ` for ${row.preferred_date}` : '';
  const price = money(row.quote_price_minor ?? 0);
  return [
    {
      userId: row.provider_id,
      kind: 'booking',
      title: 'Your quote was accepted',
      body: `${p.customer.person.name} accepted your quote of ${price} for "${row.service_title}". The booking is made${when}.`,
      link: bookingLink(bookingId),
      mail: true,
      sms: true,
    },
    {
      userId: row.customer_id,
      kind: 'booking',
      title: 'Booking confirmed',
      body: `You booked ${p.provider.bidder.name} for "${row.service_title}" at ${price}${when}.`,
      link: bookingLink(bookingId),
      mail: true,
      sms: true,
    },
  ];
}

/**
 * A request lapsed: the customer is told (and mailed) so they can ask someone else; a provider whose
 * quote went unaccepted hears it in the app only.
 */
export function expiredNotices(row: QuoteRow, p: People): Notice[] {
  const wasQuoted = row.quote_price_minor !== null && row.responded_at !== null;
  const notices: Notice[] = [
    {
      userId: row.customer_id,
      kind: 'quote',
      title: 'Quote request expired',
      body: wasQuoted
        ? `The quote from ${p.provider.bidder.name} for "${row.service_title}" expired before you accepted it. You can ask for a new one.`
        : `${p.provider.bidder.name} did not answer your request for "${row.service_title}" within 7 days. You can ask another provider.`,
      link: quoteLink('sent', row.id),
      mail: true,
    },
  ];
  if (wasQuoted) {
    notices.push({
      userId: row.provider_id,
      kind: 'quote',
      title: 'Quote expired',
      body: `${p.customer.person.name} did not accept your quote for "${row.service_title}" in time.`,
      link: quoteLink('received', row.id),
    });
  }
  return notices;
}
