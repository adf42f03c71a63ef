import { type BookingMoney, ESCROW_MESSAGES, type MaterialReceipt } from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELD_MONEY } from '../../test/escrow.ts';
import { callsTo, json, makeMe, stubFetch } from '../auth/test/fixtures.tsx';
import { renderRoutes } from '../search/test/fixtures.tsx';
import { BookingMoneyPanel } from './booking-money-panel.tsx';
import { MATERIALS_TEXT } from './money-text.ts';

const RECEIPT: MaterialReceipt = {
  id: 'r-1',
  amount_minor: 6000,
  description: 'PVC pipe and glue',
  image_url: '/files/signed/r-1.webp',
  created_at: '2026-11-22T11:00:00.000Z',
};

/** A provider's view of a held booking; the server changes its answers the way the API would. */
function renderMaterials(initial: BookingMoney, receipts: MaterialReceipt[] = []) {
  let money = initial;
  let items = receipts;
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('service_provider'));
    if (req.path === '/api/bookings/b-1/money') return json(200, money);
    if (req.path === '/api/bookings/b-1/materials') return json(200, { items });
    if (req.path === '/api/bookings/b-1/materials/advance') {
      const amount = (req.body as { amount_minor: number }).amount_minor;
      money = {
        ...money,
        advance_minor: amount,
        advance_cap_minor: 0,
        held_minor: money.held_minor - amount,
      };
      return json(200, money);
    }
    if (req.path === '/api/bookings/b-1/materials/receipts') {
      const form = req.body as FormData;
      const receipt = {
        ...RECEIPT,
        id: 'r-2',
        amount_minor: Number(form.get('amount_minor')),
        description: String(form.get('description')),
      };
      items = [receipt, ...items];
      return json(201, receipt);
    }
    return undefined;
  });
  const Page = () => <BookingMoneyPanel booking={{ id: 'b-1', role: 'provider' }} />;
  renderRoutes([{ path: '/bookings/:id', Component: Page }], '/bookings/b-1');
  return { fetchMock };
}

const materials = async () =>
  (await screen.findByRole('heading', { name: MATERIALS_TEXT.title })).closest('section') as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('materials, Pro and Premium', () => {
  it('takes an advance up to the cap: above it is refused before sending, then it is paid', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderMaterials({ ...HELD_MONEY, advance_cap_minor: 18_000 });
    const section = await materials();
    // The advance form downloads when shown (issue 20).
    expect(await within(section).findByText(/up to GH₵ 180.00 of the price/)).toBeInTheDocument();
    const amount = within(section).getByLabelText('Amount');

    await user.type(amount, '200');
    await user.click(within(section).getByRole('button', { name: MATERIALS_TEXT.takeAdvance }));
    expect(within(section).getByRole('alert')).toHaveTextContent(ESCROW_MESSAGES.advanceTooHigh(18_000));
    expect(callsTo(fetchMock, '/api/bookings/b-1/materials/advance')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '150.50');
    await user.click(within(section).getByRole('button', { name: MATERIALS_TEXT.takeAdvance }));
    expect(await within(section).findByText(MATERIALS_TEXT.advancePaid('GH₵ 150.50'))).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/bookings/b-1/materials/advance')[0]?.body).toEqual({
      amount_minor: 15_050,
    });
    expect(within(section).queryByRole('button', { name: MATERIALS_TEXT.takeAdvance })).toBeNull();
  });

  it("shows the server's refusal of an advance", async () => {
    const user = userEvent.setup();
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('service_provider'));
      if (req.path === '/api/bookings/b-1/money')
        return json(200, { ...HELD_MONEY, advance_cap_minor: 18_000 });
      if (req.path === '/api/bookings/b-1/materials/advance')
        return json(409, { error: { code: 'CONFLICT', message: ESCROW_MESSAGES.noPayoutMethod } });
      return undefined;
    });
    const Page = () => <BookingMoneyPanel booking={{ id: 'b-1', role: 'provider' }} />;
    renderRoutes([{ path: '/bookings/:id', Component: Page }], '/bookings/b-1');
    const section = await materials();
    await user.type(within(section).getByLabelText('Amount'), '100');
    await user.click(within(section).getByRole('button', { name: MATERIALS_TEXT.takeAdvance }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(ESCROW_MESSAGES.noPayoutMethod);
  });
});

describe('materials, Starter', () => {
  it('lists the receipts and adds one with its photo, amount and description', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderMaterials(HELD_MONEY, [RECEIPT]);
    const section = await materials();
    const list = await within(section).findByRole('list', { name: MATERIALS_TEXT.receipts });
    expect(within(list).getByText('PVC pipe and glue')).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'Receipt: PVC pipe and glue' })).toHaveAttribute(
      'src',
      '/files/signed/r-1.webp',
    );
    expect(within(section).getByText(MATERIALS_TEXT.receiptsTotal('GH₵ 60.00'))).toBeInTheDocument();

    // Nothing filled in: every field says what it needs, nothing is sent.
    await user.click(within(section).getByRole('button', { name: MATERIALS_TEXT.addReceipt }));
    expect(within(section).getByText(MATERIALS_TEXT.needPhoto)).toBeInTheDocument();
    expect(within(section).getByText('Enter an amount such as 150 or 150.50')).toBeInTheDocument();
    expect(within(section).getByText(MATERIALS_TEXT.needDescription)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/bookings/b-1/materials/receipts')).toHaveLength(0);

    const photo = new File(['jpeg'], 'receipt.jpg', { type: 'image/jpeg' });
    await user.upload(within(section).getByLabelText(MATERIALS_TEXT.choosePhoto), photo);
    await user.type(within(section).getByLabelText('Amount'), '45');
    await user.type(within(section).getByLabelText(MATERIALS_TEXT.description), 'Cement, 2 bags');
    await user.click(within(section).getByRole('button', { name: MATERIALS_TEXT.addReceipt }));

    expect(await within(list).findByText('Cement, 2 bags')).toBeInTheDocument();
    const sent = callsTo(fetchMock, '/api/bookings/b-1/materials/receipts')[0]?.body as FormData;
    expect(sent.get('amount_minor')).toBe('4500');
    expect(sent.get('description')).toBe('Cement, 2 bags');
    expect((sent.get('file') as File).name).toBe('receipt.jpg');
    await waitFor(() =>
      expect(within(section).getByText(MATERIALS_TEXT.receiptsTotal('GH₵ 105.00'))).toBeInTheDocument(),
    );
  });

  it('no materials part before the customer pays', async () => {
    const { fetchMock } = renderMaterials({
      ...HELD_MONEY,
      payment_status: 'awaiting_payment',
      held_minor: 0,
    });
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: MATERIALS_TEXT.title })).toBeNull();
    expect(callsTo(fetchMock, '/api/bookings/b-1/materials')).toHaveLength(0);
  });
});
