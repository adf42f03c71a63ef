import type { QuoteRequest } from '@adwuma/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, type Handler, json, makeMe, stubFetch } from '../auth/test/fixtures.tsx';
import { renderRoutes } from '../search/test/fixtures.tsx';
import { ServiceRequestsPage } from './service-requests-page.tsx';
import { ME_ID, makeBooking, makeQuoteRequest } from './test/fixtures.ts';

const COUNTS = { received_pending: 2, sent_quoted: 1 };

/** A provider (user-1) who received `received` and sent `sent`. */
function renderPage({
  role = 'service_provider',
  path = '/service-requests',
  received = [] as QuoteRequest[],
  sent = [] as QuoteRequest[],
  handler = (() => undefined) as Handler,
} = {}) {
  const me = makeMe(role as 'service_provider');
  me.profile = { ...me.profile, onboarding_completed: true };
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, me);
    if (req.path === '/api/quote-requests' && req.method === 'GET') {
      const box = req.url.searchParams.get('box');
      return json(200, { items: box === 'received' ? received : sent, counts: COUNTS });
    }
    return handler(req);
  });
  const view = renderRoutes([{ path: '/service-requests', Component: ServiceRequestsPage }], path);
  return { ...view, fetchMock };
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/service-requests', () => {
  it('keeps the tab in the URL, with the counts as badges', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({
      received: [makeQuoteRequest()],
      sent: [makeQuoteRequest({ id: 'q-2', customer: { id: ME_ID, name: 'Ama Mensah', avatar_url: null } })],
    });
    const received = await screen.findByRole('tab', { name: /Received/ });
    expect(received).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(received).toHaveAccessibleName('Received (2 waiting for your quote)'));
    expect(screen.getByRole('tab', { name: /Sent/ })).toHaveAccessibleName('Sent (1 quote to review)');
    expect(await screen.findByRole('article', { name: 'Leak repair, Kwame Boateng' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Sent/ }));
    expect(location()).toBe('/service-requests?tab=sent');
    expect(screen.getByRole('tab', { name: /Sent/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('article', { name: 'Leak repair, Ama Owusu' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/quote-requests').map((c) => c.url.searchParams.get('box'))).toEqual(
      expect.arrayContaining(['received', 'sent']),
    );

    // Arrow keys move between the tabs too.
    await user.keyboard('{ArrowLeft}');
    expect(location()).toBe('/service-requests?tab=received');
  });

  it('opens on the tab the address names, and shows an empty state per tab', async () => {
    renderPage({ path: '/service-requests?tab=sent' });
    expect(await screen.findByRole('tab', { name: /Sent/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('You have not asked for a quote yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Find providers/ })).toHaveAttribute('href', '/search');
    cleanup();

    renderPage();
    expect(await screen.findByText('No requests yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Your services/ })).toHaveAttribute('href', '/post-service');
  });

  it('a customer sees only what they sent, whatever the address says', async () => {
    const { fetchMock } = renderPage({ role: 'customer', path: '/service-requests?tab=received' });
    expect(await screen.findByRole('heading', { name: /Requests you sent/ })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/service-requests?tab=sent'));
    expect(
      callsTo(fetchMock, '/api/quote-requests').every((c) => c.url.searchParams.get('box') === 'sent'),
    ).toBe(true);
  });

  it('the provider sends a quote in GH₵ (checked, sent in pesewas) or declines with a message', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({
      received: [
        makeQuoteRequest(),
        makeQuoteRequest({ id: 'q-3', service: { id: 's-3', title: 'Tank cleaning', category: 'plumbing' } }),
      ],
      handler: (req) =>
        req.method === 'POST'
          ? json(200, { request: makeQuoteRequest({ status: 'quoted', quote_price: 45050 }) })
          : undefined,
    });
    const card = await screen.findByRole('article', { name: 'Leak repair, Kwame Boateng' });
    expect(within(card).getByText('Waiting for your quote')).toBeInTheDocument();
    expect(within(card).getByText('Expires in 3 days')).toBeInTheDocument();
    expect(within(card).getByText('Asokwa, near the market, Kumasi')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Send quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a quote' });
    const price = within(dialog).getByLabelText('Your price in GH₵');
    await user.type(price, '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    expect(await within(dialog).findByText('Enter an amount such as 150 or 150.50')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    expect(await within(dialog).findByText('The price must be at least GH₵ 1')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/quote-requests/q-1/quote')).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '450.50');
    expect(within(dialog).getByText('Kwame sees: GH₵ 450.50')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/Message/));
    await user.paste('Parts included. About two hours.');
    await user.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    expect(await screen.findByText('Quote sent to Kwame Boateng')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/quote-requests/q-1/quote')[0]?.body).toEqual({
      price: 45050,
      message: 'Parts included. About two hours.',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const other = screen.getByRole('article', { name: 'Tank cleaning, Kwame Boateng' });
    await user.click(within(other).getByRole('button', { name: 'Decline' }));
    const decline = await screen.findByRole('dialog', { name: 'Decline this request?' });
    await user.click(within(decline).getByLabelText(/Message to the customer/));
    await user.paste('Fully booked this month, sorry.');
    await user.click(within(decline).getByRole('button', { name: 'Decline request' }));
    expect(await screen.findByText('Request declined')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/quote-requests/q-3/decline')[0]?.body).toEqual({
      message: 'Fully booked this month, sorry.',
    });
  }, 15_000);

  it('the customer accepts a quote after seeing its price, and reaches the booking', async () => {
    const user = userEvent.setup();
    const mine = { id: ME_ID, name: 'Ama Mensah', avatar_url: null };
    const { fetchMock } = renderPage({
      path: '/service-requests?tab=sent',
      sent: [
        makeQuoteRequest({
          status: 'quoted',
          customer: mine,
          quote_price: 45000,
          quote_message: 'Parts included.',
        }),
        makeQuoteRequest({ id: 'q-4', status: 'declined', customer: mine, decline_message: 'Fully booked.' }),
        makeQuoteRequest({
          id: 'q-5',
          status: 'pending',
          customer: mine,
          service: { id: 's-5', title: 'Tank cleaning', category: 'plumbing' },
          expires_at: new Date(Date.now() - 60_000).toISOString(),
        }),
      ],
      handler: (req) =>
        req.path === '/api/quote-requests/q-1/accept'
          ? json(200, {
              request: makeQuoteRequest({ status: 'accepted', booking_id: 'b-9' }),
              booking: makeBooking({ id: 'b-9' }),
            })
          : undefined,
    });
    const card = (
      await screen.findAllByRole('article', { name: 'Leak repair, Ama Owusu' })
    )[0] as HTMLElement;
    expect(within(card).getByText('Quote received')).toBeInTheDocument();
    expect(within(card).getByText('ID verified')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Ama Owusu' })).toHaveAttribute(
      'href',
      '/providers/ama-owusu-k3x9q2',
    );

    // Declined and lapsed requests are shown without actions.
    const declined = screen.getAllByRole('article', { name: 'Leak repair, Ama Owusu' })[1] as HTMLElement;
    expect(within(declined).getByText('Declined')).toBeInTheDocument();
    expect(within(declined).getByText('Fully booked.')).toBeInTheDocument();
    expect(within(declined).queryByRole('button')).not.toBeInTheDocument();
    const lapsed = screen.getByRole('article', { name: 'Tank cleaning, Ama Owusu' });
    expect(within(lapsed).getByText('Expired')).toBeInTheDocument();
    expect(within(lapsed).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Accept quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this quote?' });
    expect(within(dialog).getByText('GH₵ 450.00')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/quote-requests/q-1/accept')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Accept and book' }));

    const booked = await screen.findByRole('dialog', { name: 'Booked with Ama Owusu' });
    expect(callsTo(fetchMock, '/api/quote-requests/q-1/accept')).toHaveLength(1);
    expect(within(booked).getByRole('link', { name: 'View booking' })).toHaveAttribute(
      'href',
      '/schedule?booking=b-9',
    );
  });

  it('the customer may cancel a request still waiting for an answer', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({
      role: 'customer',
      sent: [makeQuoteRequest({ customer: { id: ME_ID, name: 'Ama Mensah', avatar_url: null } })],
      handler: (req) =>
        req.path === '/api/quote-requests/q-1/cancel'
          ? json(200, { request: makeQuoteRequest({ status: 'cancelled' }) })
          : undefined,
    });
    const card = await screen.findByRole('article', { name: 'Leak repair, Ama Owusu' });
    expect(within(card).queryByRole('button', { name: 'Accept quote' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByText('Request cancelled')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/quote-requests/q-1/cancel')).toHaveLength(1);
  });
});
