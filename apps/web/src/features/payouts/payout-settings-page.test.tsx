import { ESCROW_MESSAGES, type PayoutSettings } from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePayoutSettings } from '../../test/escrow.ts';
import { callsTo, json, makeMe, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { PayoutSettingsPage } from './payout-settings-page.tsx';
import { PAYOUTS_TEXT } from './payouts-text.ts';

const SAVED: PayoutSettings = makePayoutSettings({
  method: {
    type: 'mobile_money',
    network: 'mtn',
    bank_code: null,
    label: 'MTN MoMo •••• 4567',
    account_name: 'KOFI ASANTE',
    updated_at: '2026-11-22T09:00:00.000Z',
  },
  hold_until: '2026-11-23T09:00:00.000Z',
});

/** The payout settings API: a lookup answers the holder's name; a save stores the looked-up account. */
function renderPage(initial: PayoutSettings, lookup?: () => Response) {
  let settings = initial;
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('service_provider'));
    if (req.path === '/api/payouts/settings' && req.method === 'GET') return json(200, settings);
    if (req.path === '/api/payouts/lookup') {
      if (lookup) return lookup();
      const body = req.body as { account_number: string };
      return json(200, {
        account_name: 'KOFI ASANTE',
        account_number: body.account_number,
        confirmation: 'tok-1',
      });
    }
    if (req.path === '/api/payouts/settings' && req.method === 'PUT') {
      settings = SAVED;
      return json(200, settings);
    }
    return undefined;
  });
  renderWithSession([{ path: '/settings/payouts', Component: PayoutSettingsPage }], '/settings/payouts');
  return { fetchMock };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/settings/payouts', () => {
  it('mobile money: looks up the number, shows the holder for confirmation, then saves with the token', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage(makePayoutSettings());
    expect(await screen.findByRole('heading', { name: PAYOUTS_TEXT.none })).toBeInTheDocument();
    expect(screen.getByText(ESCROW_MESSAGES.noPayoutMethod)).toBeInTheDocument();

    await user.type(screen.getByLabelText(PAYOUTS_TEXT.momoNumber), '+233 24 123 4567');
    await user.click(screen.getByRole('button', { name: PAYOUTS_TEXT.lookUp }));

    const confirm = await screen.findByRole('region', { name: PAYOUTS_TEXT.confirmTitle });
    expect(within(confirm).getByText('KOFI ASANTE')).toBeInTheDocument();
    expect(within(confirm).getByText('MTN MoMo •••• 4567')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/payouts/lookup')[0]?.body).toEqual({
      type: 'mobile_money',
      network: 'mtn',
      account_number: '0241234567',
    });
    expect(callsTo(fetchMock, '/api/payouts/settings').filter((c) => c.body)).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: PAYOUTS_TEXT.save }));
    expect(await screen.findByRole('heading', { name: PAYOUTS_TEXT.current })).toBeInTheDocument();
    expect(screen.getByText('MTN MoMo •••• 4567')).toBeInTheDocument();
    expect(screen.getByText('Payouts resume on Mon 23 Nov, 09:00')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ confirmation: 'tok-1' });
  });

  it('refuses a number of another network before asking the server', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage(makePayoutSettings());
    await user.selectOptions(await screen.findByLabelText(PAYOUTS_TEXT.network), 'vod');
    await user.type(screen.getByLabelText(PAYOUTS_TEXT.momoNumber), '0241234567');
    await user.click(screen.getByRole('button', { name: PAYOUTS_TEXT.lookUp }));
    expect(await screen.findByText(ESCROW_MESSAGES.wrongNetwork('Telecel Cash'))).toBeInTheDocument();
    expect(screen.getByLabelText(PAYOUTS_TEXT.momoNumber)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText(PAYOUTS_TEXT.momoNumber));
    await user.type(screen.getByLabelText(PAYOUTS_TEXT.momoNumber), '12345');
    await user.click(screen.getByRole('button', { name: PAYOUTS_TEXT.lookUp }));
    expect(await screen.findByText('Enter a Ghana mobile number, e.g. 024 123 4567')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/payouts/lookup')).toHaveLength(0);
  });

  it('bank: the banks come from the server, the account number is checked, then looked up', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage(makePayoutSettings());
    await user.click(await screen.findByRole('radio', { name: 'Bank' }));
    await user.click(screen.getByRole('button', { name: PAYOUTS_TEXT.lookUp }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Choose a bank',
      'Enter the account number (digits only)',
    ]);
    expect(screen.getByLabelText(PAYOUTS_TEXT.bank)).toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(screen.getByLabelText(PAYOUTS_TEXT.bank), 'GCB');
    await user.type(screen.getByLabelText(PAYOUTS_TEXT.accountNumber), '12ab');
    await user.click(screen.getByRole('button', { name: PAYOUTS_TEXT.lookUp }));
    expect(await screen.findByText('Enter the account number (digits only)')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/payouts/lookup')).toHaveLength(0);

    await user.clear(screen.getByLabelText(PAYOUTS_TEXT.accountNumber));
    await user.type(screen.getByLabelText(PAYOUTS_TEXT.accountNumber), '1234 5678 9012');
    await user.click(screen.getByRole('button', { name: PAYOUTS_TEXT.lookUp }));
    const confirm = await screen.findByRole('region', { name: PAYOUTS_TEXT.confirmTitle });
    expect(within(confirm).getByText('GCB Bank •••• 9012')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/payouts/lookup')[0]?.body).toEqual({
      type: 'bank',
      bank_code: 'GCB',
      account_number: '123456789012',
    });
  });

  it("shows the server's answer when the account is not found", async () => {
    const user = userEvent.setup();
    renderPage(makePayoutSettings(), () =>
      json(422, { error: { code: 'ACCOUNT_NOT_FOUND', message: ESCROW_MESSAGES.accountNotFound } }),
    );
    await user.type(await screen.findByLabelText(PAYOUTS_TEXT.momoNumber), '0241230000');
    await user.click(screen.getByRole('button', { name: PAYOUTS_TEXT.lookUp }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ESCROW_MESSAGES.accountNotFound);
    expect(screen.queryByRole('region', { name: PAYOUTS_TEXT.confirmTitle })).toBeNull();
  });

  it('a saved method shows its label and the hold; Change opens the form', async () => {
    const user = userEvent.setup();
    renderPage(SAVED);
    expect(await screen.findByText('MTN MoMo •••• 4567')).toBeInTheDocument();
    expect(screen.getByText('KOFI ASANTE')).toBeInTheDocument();
    expect(screen.getByText('Payouts resume on Mon 23 Nov, 09:00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PAYOUTS_TEXT.lookUp })).toBeNull();
    await user.click(screen.getByRole('button', { name: PAYOUTS_TEXT.change }));
    expect(screen.getByRole('heading', { name: PAYOUTS_TEXT.changeTitle })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: PAYOUTS_TEXT.cancelChange }));
    await waitFor(() => expect(screen.queryByRole('button', { name: PAYOUTS_TEXT.lookUp })).toBeNull());
  });
});
