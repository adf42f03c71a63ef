import type { BookingDetail } from '@adwuma/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBookingDetail } from '../../test/booking-detail.ts';
import { callsTo, json, makeMe, stubFetch } from '../auth/test/fixtures.tsx';
import { renderRoutes } from '../search/test/fixtures.tsx';
import { BookingPage } from './booking-page.tsx';

function makeDetail(overrides: Partial<BookingDetail> = {}): BookingDetail {
  return makeBookingDetail({
    actions: ['cancel', 'propose_reschedule'],
    cancellation: {
      free: true,
      hours_before_start: 72,
      message: 'Cancelling is free until 24 hours before the start.',
    },
    history: [
      {
        id: 'e-1',
        action: 'create',
        actor_role: 'customer',
        from_status: null,
        to_status: 'scheduled',
        created_at: '2026-11-20T10:00:00.000Z',
        details: null,
      },
    ],
    ...overrides,
  });
}

type Answer = { status: number; body: unknown };

function renderBooking(booking: BookingDetail, answers: Record<string, Answer> = {}) {
  let current = booking;
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me')
      return json(200, makeMe(booking.role === 'provider' ? 'service_provider' : 'customer'));
    if (req.path === `/api/bookings/${booking.id}` && req.method === 'GET')
      return json(200, { booking: current });
    const step = req.path.replace(`/api/bookings/${booking.id}/`, '');
    if (req.method === 'POST') {
      const answer = answers[step];
      if (answer) {
        if (answer.status === 200) current = (answer.body as { booking?: BookingDetail }).booking ?? current;
        return json(answer.status, answer.body);
      }
      return json(200, { booking: current });
    }
    return undefined;
  });
  const view = renderRoutes([{ path: '/bookings/:id', Component: BookingPage }], `/bookings/${booking.id}`);
  return { ...view, fetchMock };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T09:00:00Z'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/bookings/:id', () => {
  it('shows the booking, the other party, its time and its history', async () => {
    renderBooking(makeDetail());
    expect(await screen.findByRole('heading', { level: 1, name: 'Leak repair' })).toBeInTheDocument();
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByText('GH₵ 450.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kofi Asante' })).toHaveAttribute(
      'href',
      '/providers/kofi-asante-k3x9q2',
    );
    expect(screen.getByText('Wed 25 Nov, 09:00–11:00 (2 h)')).toBeInTheDocument();
    expect(screen.getByText('Asokwa, Kumasi')).toBeInTheDocument();
    const history = screen.getByRole('heading', { name: 'History' }).closest('section') as HTMLElement;
    expect(within(history).getByText('Booking created')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Schedule/ })).toHaveAttribute('href', '/schedule?booking=b-1');
    // Not around the visit (the server sends no contact): no Call or WhatsApp.
    expect(screen.queryByRole('link', { name: /^Call / })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^WhatsApp / })).not.toBeInTheDocument();
  });

  it('offers Call and WhatsApp to the other side with what the server sends for the visit day', async () => {
    renderBooking(
      makeDetail({ contact: { phone: '+233241234567', whatsapp: 'https://wa.me/233241234567' } }),
    );
    expect(await screen.findByRole('link', { name: 'Call Kofi' })).toHaveAttribute(
      'href',
      'tel:+233241234567',
    );
    const wa = screen.getByRole('link', { name: 'WhatsApp Kofi' });
    expect(wa).toHaveAttribute('href', 'https://wa.me/233241234567');
    expect(wa).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('offers only WhatsApp when the other side hides their phone number', async () => {
    renderBooking(makeDetail({ contact: { phone: null, whatsapp: 'https://wa.me/233241234567' } }));
    expect(await screen.findByRole('link', { name: 'WhatsApp Kofi' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Call / })).not.toBeInTheDocument();
    expect(screen.queryByText(/\+233/)).not.toBeInTheDocument();
  });

  it.each([
    ['Start', 'start', 'provider', 'Booking started'],
    ['Mark as done', 'mark-done', 'provider', 'Marked as done. The customer is asked to confirm.'],
    ['Confirm completion', 'confirm', 'customer', 'Completion confirmed. Thank you!'],
  ] as const)('"%s" posts to /%s and says so', async (label, path, role, done) => {
    const user = userEvent.setup();
    const action = path === 'start' ? 'start' : path === 'mark-done' ? 'mark_done' : 'confirm';
    const { fetchMock } = renderBooking(
      makeDetail({
        role,
        status: path === 'confirm' ? 'awaiting_confirmation' : 'scheduled',
        actions: [action],
      }),
    );
    await user.click(await screen.findByRole('button', { name: label }));
    expect(await screen.findByText(done)).toBeInTheDocument();
    const calls = callsTo(fetchMock, `/api/bookings/b-1/${path}`);
    expect(calls).toHaveLength(1);
    // The booking is read again after the step.
    await waitFor(() => expect(callsTo(fetchMock, '/api/bookings/b-1').length).toBeGreaterThan(1));
  });

  it('shows the server’s message when a step is refused', async () => {
    const user = userEvent.setup();
    renderBooking(makeDetail({ role: 'provider', actions: ['start'] }), {
      start: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'The booking can be started on its day or later.' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The booking can be started on its day or later.');
  });

  it('shows the cancellation policy before cancelling, and asks for a reason', async () => {
    const user = userEvent.setup();
    const late = makeDetail({
      cancellation: {
        free: false,
        hours_before_start: 10,
        message: 'This is a late cancellation (less than 24 hours before the start).',
      },
    });
    const { fetchMock } = renderBooking(late, {
      cancel: {
        status: 200,
        body: { booking: { ...late, status: 'cancelled', actions: [], cancelled_by: 'customer' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByText('Late cancellation')).toBeInTheDocument();
    expect(within(dialog).getByText(/This is a late cancellation/)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/bookings/b-1/cancel')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/bookings/b-1/cancel')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Why are you cancelling/), 'I am travelling that week.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/bookings/b-1/cancel')[0]?.body).toEqual({
      reason: 'I am travelling that week.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0);
  });

  it('proposes a new time through the dialog', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderBooking(makeDetail());
    await user.click(await screen.findByRole('button', { name: 'Propose a new time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose a new time' });
    const date = within(dialog).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2026-11-27');
    await user.selectOptions(within(dialog).getByLabelText(/Duration/), '90');
    await user.type(within(dialog).getByLabelText(/Note/), 'Morning works better.');
    await user.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(await screen.findByText('New time proposed')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/bookings/b-1/reschedule')[0]?.body).toEqual({
      scheduled_date: '2026-11-27',
      start_time: '09:00',
      duration_minutes: 90,
      note: 'Morning works better.',
    });
  });

  const proposal = {
    by: 'provider' as const,
    scheduled_date: '2026-11-27',
    start_time: '14:00',
    duration_minutes: 60,
    note: 'My van is in the garage on Wednesday.',
    at: '2026-11-21T10:00:00.000Z',
  };

  it.each([
    ['Accept', 'reschedule/accept', 'New time accepted'],
    ['Decline', 'reschedule/decline', 'Proposal declined'],
  ])('the other side can %s a proposed time', async (label, path, done) => {
    const user = userEvent.setup();
    const { fetchMock } = renderBooking(
      makeDetail({ proposal, actions: ['cancel', 'accept_reschedule', 'decline_reschedule'] }),
    );
    const region = await screen.findByRole('region', { name: 'A new time is proposed' });
    expect(within(region).getByText('Kofi Asante proposes a new time')).toBeInTheDocument();
    expect(within(region).getByText('Fri 27 Nov, 14:00–15:00 (1 h)')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: label }));
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(callsTo(fetchMock, `/api/bookings/b-1/${path}`)).toHaveLength(1);
  });

  it('the proposer can withdraw it', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderBooking(
      makeDetail({ role: 'provider', proposal, actions: ['cancel', 'propose_reschedule'] }),
    );
    const region = await screen.findByRole('region', { name: 'A new time is proposed' });
    expect(within(region).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Proposal withdrawn')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/bookings/b-1/reschedule/withdraw')).toHaveLength(1);
  });

  it('opens a dispute with a reason and a description', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderBooking(
      makeDetail({
        status: 'awaiting_confirmation',
        done_marked_at: '2026-11-21T16:00:00.000Z',
        auto_complete_at: '2026-11-24T16:00:00.000Z',
        actions: ['confirm', 'open_dispute'],
      }),
      { disputes: { status: 201, body: { dispute: { id: 'd-1' } } } },
    );
    expect(
      await screen.findByText(
        'Kofi Asante marked it as done. Completes by itself on Tue 24 Nov, 16:00 unless you confirm or open a dispute.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open a dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a dispute' });
    await user.selectOptions(within(dialog).getByLabelText('What went wrong?'), 'poor_quality');
    await user.type(
      within(dialog).getByLabelText('Describe what happened'),
      'The pipe still leaks under the sink after the repair.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    expect(await screen.findByText('Dispute opened. Our team will be in touch.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/bookings/b-1/disputes')[0]?.body).toEqual({
      reason: 'poor_quality',
      description: 'The pipe still leaks under the sink after the repair.',
    });
  });

  it('shows the provider their earnings and offers a review once completed', async () => {
    renderBooking(
      makeDetail({
        role: 'provider',
        status: 'completed',
        completed_at: '2026-11-21T12:00:00.000Z',
        actions: ['open_dispute'],
        earnings: {
          tier: 'starter',
          commission_percent: 15,
          earnings_share_percent: 85,
          commission_minor: 6750,
          earnings_minor: 38250,
        },
        reviews: { mine: null, theirs: null, can_review: true, window_closes_at: '2026-12-05T12:00:00.000Z' },
      }),
    );
    const earnings = (await screen.findByRole('heading', { name: 'Your earnings' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(earnings).getByText(/Commission \(15%/)).toBeInTheDocument();
    expect(within(earnings).getByText('− GH₵ 67.50')).toBeInTheDocument();
    expect(within(earnings).getByText('GH₵ 382.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write a review' })).toHaveAttribute(
      'href',
      '/reviews?booking=b-1',
    );
  });

  it('shows the evidence of an open dispute under its summary', async () => {
    const { fetchMock } = renderBooking(
      makeDetail({
        status: 'disputed',
        actions: [],
        dispute: {
          id: 'd-1',
          status: 'open',
          reason: 'poor_quality',
          opener_role: 'customer',
          in_favour_of: null,
          resolution_note: null,
          created_at: '2026-11-21T10:00:00.000Z',
          resolved_at: null,
        },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Evidence' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, '/api/disputes/d-1')).toHaveLength(1));
  });
});
