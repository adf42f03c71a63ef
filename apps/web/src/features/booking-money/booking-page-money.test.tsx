import {
  BOOKING_PAYMENT_LABELS,
  type BookingDetail,
  type BookingMoney,
  ESCROW_MESSAGES,
} from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBookingDetail } from '../../test/booking-detail.ts';
import { HELD_MONEY, makeBookingMoney } from '../../test/escrow.ts';
import { json, makeMe, stubFetch } from '../auth/test/fixtures.tsx';
import { BookingPage } from '../bookings/booking-page.tsx';
import { renderRoutes } from '../search/test/fixtures.tsx';
import { MONEY_TEXT } from './money-text.ts';

// The money panel inside the booking page (issue 18): where it sits, and what the page does with it.

function renderPage(
  booking: BookingDetail,
  money: BookingMoney,
  after?: { step: string; money: BookingMoney },
) {
  let current = money;
  stubFetch((req) => {
    if (req.path === '/api/me')
      return json(200, makeMe(booking.role === 'provider' ? 'service_provider' : 'customer'));
    if (req.path === '/api/bookings/b-1') return json(200, { booking });
    if (req.path === '/api/bookings/b-1/money') return json(200, current);
    if (req.method === 'POST' && req.path === `/api/bookings/b-1/${after?.step}`) {
      current = after?.money ?? current;
      return json(200, { booking: { ...booking, status: 'completed', actions: [] } });
    }
    if (req.method === 'POST' && req.path === '/api/bookings/b-1/start')
      return json(409, { error: { code: 'CONFLICT', message: ESCROW_MESSAGES.notPaidYet } });
    return undefined;
  });
  return renderRoutes([{ path: '/bookings/:id', Component: BookingPage }], '/bookings/b-1');
}

const moneyPanel = async () =>
  (await screen.findByRole('heading', { name: MONEY_TEXT.title })).closest('section') as HTMLElement;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/bookings/:id with booking money', () => {
  it("the provider's Start is refused while unpaid, with the server's message", async () => {
    const user = userEvent.setup();
    renderPage(makeBookingDetail({ role: 'provider', actions: ['start'] }), makeBookingMoney());
    expect(within(await moneyPanel()).getByText(ESCROW_MESSAGES.notPaidYet)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').some((a) => a.textContent?.includes(ESCROW_MESSAGES.notPaidYet)),
      ).toBe(true),
    );
  });

  it('a paid booking shows its earnings in the money panel only, not twice', async () => {
    renderPage(
      makeBookingDetail({
        role: 'provider',
        status: 'completed',
        completed_at: '2026-11-21T12:00:00.000Z',
        earnings: {
          tier: 'pro',
          commission_percent: 10,
          earnings_share_percent: 90,
          commission_minor: 4500,
          earnings_minor: 40_500,
        },
      }),
      {
        ...HELD_MONEY,
        payment_status: 'released',
        held_minor: 0,
        commission_minor: 4500,
        earnings_minor: 40_500,
        earnings_available_at: '2026-11-24T12:00:00.000Z',
      },
    );
    const panel = await moneyPanel();
    expect(within(panel).getByText('GH₵ 405.00')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your earnings' })).toBeNull();
  });

  it('confirming the work reads the money again: the customer sees it went to the provider', async () => {
    const user = userEvent.setup();
    renderPage(makeBookingDetail({ status: 'awaiting_confirmation', actions: ['confirm'] }), HELD_MONEY, {
      step: 'confirm',
      money: { ...HELD_MONEY, payment_status: 'released', held_minor: 0 },
    });
    const panel = await moneyPanel();
    expect(within(panel).getByText(BOOKING_PAYMENT_LABELS.held)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm completion' }));
    expect(await within(panel).findByText(BOOKING_PAYMENT_LABELS.released)).toBeInTheDocument();
  });
});
