import { BOOKING_PAYMENT_LABELS, type BookingMoney, ESCROW_MESSAGES } from '@adwuma/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HELD_MONEY, makeBookingMoney } from '../../test/escrow.ts';
import { callsTo, json, makeMe, stubFetch } from '../auth/test/fixtures.tsx';
import { pageNavigation } from '../checkout/index.ts';
import { renderRoutes } from '../search/test/fixtures.tsx';
import { BookingMoneyPanel } from './booking-money-panel.tsx';
import { MONEY_TEXT } from './money-text.ts';

type Role = 'customer' | 'provider';

/** The panel on /bookings/b-1; the money endpoint answers `answers` in turn (the last one repeats). */
function renderPanel(role: Role, answers: BookingMoney[], path = '/bookings/b-1') {
  let asked = 0;
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me')
      return json(200, makeMe(role === 'provider' ? 'service_provider' : 'customer'));
    if (req.path === '/api/bookings/b-1/money') {
      const answer = answers[Math.min(asked, answers.length - 1)];
      asked += 1;
      return json(200, answer);
    }
    if (req.path === '/api/bookings/b-1/pay' && req.method === 'POST')
      return json(200, { url: '/pay/test/sb_ref_1', payment_id: 'pay_1' });
    return undefined;
  });
  const Page = () => <BookingMoneyPanel booking={{ id: 'b-1', role }} />;
  const view = renderRoutes([{ path: '/bookings/:id', Component: Page }], path);
  return { ...view, fetchMock };
}

const panel = async () =>
  (await screen.findByRole('heading', { name: MONEY_TEXT.title })).closest('section') as HTMLElement;

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('booking money panel, customer', () => {
  it('awaiting payment: the amount, the due time, and Pay posts the chosen method and follows the url', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPanel('customer', [makeBookingMoney()]);
    const section = await panel();
    expect(within(section).getByText(BOOKING_PAYMENT_LABELS.awaiting_payment)).toBeInTheDocument();
    expect(
      within(section).getByText('Pay by Tue 24 Nov, 10:00, or the booking is released.'),
    ).toBeInTheDocument();
    // How and when, in plain words: the methods and the 48-hour rule.
    expect(
      within(section).getByText('Pay here on Adwuma with mobile money or a card within 48 hours of booking.'),
    ).toBeInTheDocument();
    expect(within(section).getByText('TEST MODE')).toBeInTheDocument();

    await user.click(within(section).getByRole('radio', { name: 'Card' }));
    await user.click(within(section).getByRole('button', { name: 'Pay GH₵ 450.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/test/sb_ref_1'));
    expect(callsTo(fetchMock, '/api/bookings/b-1/pay')).toEqual([
      expect.objectContaining({ body: { method: 'card' } }),
    ]);
    // The page is leaving: the button stays busy.
    expect(within(section).getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it('an unfinished checkout is continued with the same button, by mobile money by default', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPanel('customer', [makeBookingMoney({ pending_payment_id: 'pay_0' })]);
    const section = await panel();
    expect(within(section).getByText(MONEY_TEXT.unfinished)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: MONEY_TEXT.continuePayment }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/test/sb_ref_1'));
    expect(callsTo(fetchMock, '/api/bookings/b-1/pay')[0]?.body).toEqual({ method: 'mobile_money' });
  });

  it('shows the server refusal of a payment and stays on the page', async () => {
    const user = userEvent.setup();
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('customer'));
      if (req.path === '/api/bookings/b-1/money') return json(200, makeBookingMoney());
      if (req.path === '/api/bookings/b-1/pay')
        return json(409, { error: { code: 'CONFLICT', message: ESCROW_MESSAGES.notAwaitingPayment } });
      return undefined;
    });
    renderRoutes(
      [
        {
          path: '/bookings/:id',
          Component: () => <BookingMoneyPanel booking={{ id: 'b-1', role: 'customer' }} />,
        },
      ],
      '/bookings/b-1',
    );
    await user.click(await screen.findByRole('button', { name: 'Pay GH₵ 450.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ESCROW_MESSAGES.notAwaitingPayment);
    expect(assign).not.toHaveBeenCalled();
  });

  it('back from the gateway: asks every 1.5 s until the payment is held, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const waiting = makeBookingMoney({ pending_payment_id: 'pay_1' });
    const { fetchMock } = renderPanel(
      'customer',
      [waiting, waiting, HELD_MONEY],
      '/bookings/b-1?payment=pay_1',
    );
    expect(await screen.findByText(MONEY_TEXT.confirming)).toBeInTheDocument();
    // Never trusts the redirect: no "paid" before the server says so, and no Pay button meanwhile.
    expect(screen.queryByText(BOOKING_PAYMENT_LABELS.held)).toBeNull();
    expect(screen.queryByRole('button', { name: /Pay GH₵/ })).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1500));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(await screen.findByText(BOOKING_PAYMENT_LABELS.held)).toBeInTheDocument();
    expect(screen.getByText(MONEY_TEXT.paidNow)).toBeInTheDocument();
    expect(screen.getByText(MONEY_TEXT.heldCustomer)).toBeInTheDocument();
    const asked = callsTo(fetchMock, '/api/bookings/b-1/money').length;
    expect(asked).toBe(3);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(callsTo(fetchMock, '/api/bookings/b-1/money')).toHaveLength(asked);
  });

  it('back from a checkout that was not finished: says so and offers Pay again, without polling', async () => {
    const { fetchMock } = renderPanel('customer', [makeBookingMoney()], '/bookings/b-1?payment=pay_1');
    expect(await screen.findByText(MONEY_TEXT.notCompleted)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay GH₵ 450.00' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/bookings/b-1/money')).toHaveLength(1);
  });

  it('held, released and refunded', async () => {
    const held = renderPanel('customer', [{ ...HELD_MONEY, advance_minor: 10_000, held_minor: 35_000 }]);
    let section = await panel();
    expect(within(section).getByText(BOOKING_PAYMENT_LABELS.held)).toBeInTheDocument();
    expect(within(section).getByText(MONEY_TEXT.heldCustomer)).toBeInTheDocument();
    expect(within(section).getByText(MONEY_TEXT.advanceCustomer('GH₵ 100.00'))).toBeInTheDocument();
    expect(within(section).getByText('GH₵ 350.00')).toBeInTheDocument();
    expect(within(section).queryByRole('button')).toBeNull();
    held.unmount();

    const released = renderPanel('customer', [{ ...HELD_MONEY, payment_status: 'released', held_minor: 0 }]);
    section = await panel();
    expect(within(section).getByText(BOOKING_PAYMENT_LABELS.released)).toBeInTheDocument();
    expect(within(section).getByText(MONEY_TEXT.releasedCustomer)).toBeInTheDocument();
    released.unmount();

    renderPanel('customer', [
      { ...HELD_MONEY, payment_status: 'refunded', held_minor: 0, refunded_minor: 45_000 },
    ]);
    section = await panel();
    // The status, and the refunded line of the amounts.
    expect(within(section).getAllByText(BOOKING_PAYMENT_LABELS.refunded)).toHaveLength(2);
    expect(within(section).getByText(MONEY_TEXT.refundedCustomer('GH₵ 450.00'))).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: MONEY_TEXT.refundStatus })).toHaveAttribute(
      'href',
      '/payments',
    );
  });

  it('shows nothing for a booking paid outside Adwuma', async () => {
    const { fetchMock } = renderPanel('customer', [makeBookingMoney({ payment_status: 'not_required' })]);
    await waitFor(() => expect(callsTo(fetchMock, '/api/bookings/b-1/money')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('status', { name: MONEY_TEXT.loading })).toBeNull());
    expect(screen.queryByRole('heading', { name: MONEY_TEXT.title })).toBeNull();
  });
});

describe('booking money panel, provider', () => {
  it('before payment: the customer has not paid yet, and no Pay button', async () => {
    renderPanel('provider', [makeBookingMoney()]);
    const section = await panel();
    expect(within(section).getByText(ESCROW_MESSAGES.notPaidYet)).toBeInTheDocument();
    expect(within(section).getByText(/They have until Tue 24 Nov, 10:00/)).toBeInTheDocument();
    expect(
      within(section).getByText(/pays Adwuma by mobile money or card within 48 hours of booking/),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('after completion: the commission, the earnings and when they become available', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T09:00:00Z'));
    renderPanel('provider', [
      {
        ...HELD_MONEY,
        payment_status: 'released',
        held_minor: 0,
        commission_minor: 4500,
        earnings_minor: 40_500,
        earnings_available_at: '2026-11-25T12:00:00.000Z',
      },
    ]);
    const section = await panel();
    expect(within(section).getByText(BOOKING_PAYMENT_LABELS.released)).toBeInTheDocument();
    expect(within(section).getByText('Commission (10%)')).toBeInTheDocument();
    expect(within(section).getByText('− GH₵ 45.00')).toBeInTheDocument();
    expect(within(section).getByText('GH₵ 405.00')).toBeInTheDocument();
    expect(within(section).getByText('Available for payout on 25 Nov 2026')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: MONEY_TEXT.seeEarnings })).toHaveAttribute(
      'href',
      '/earnings',
    );
  });
});
