// Issue 21: the booking page in Twi: its words from src/locales/ak/bookings.json, its dates with Akan
// day and month names (the shared formatDate), amounts as in English.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadLanguage } from '../../i18n/index.ts';
import { makeBookingDetail } from '../../test/booking-detail.ts';
import { json, makeMe, stubFetch } from '../auth/test/fixtures.tsx';
import { renderRoutes } from '../search/test/fixtures.tsx';
import { BookingPage } from './booking-page.tsx';

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T09:00:00Z'));
  await loadLanguage('ak');
  await i18n.changeLanguage('ak');
});

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/bookings/:id in Twi', () => {
  it('shows the booking with Twi words and Akan dates', async () => {
    const booking = makeBookingDetail({
      actions: ['cancel', 'propose_reschedule'],
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
    });
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('customer'));
      if (req.path === `/api/bookings/${booking.id}`) return json(200, { booking });
      return undefined;
    });
    renderRoutes([{ path: '/bookings/:id', Component: BookingPage }], `/bookings/${booking.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Leak repair' })).toBeInTheDocument();
    // Status, date (Wednesday 25 November: Wukuada, Obubuo), duration and amount.
    expect(screen.getByText('Wɔahyɛ da')).toBeInTheDocument();
    expect(screen.getByText('Wuk, Obu 25, 09:00–11:00 (dɔn 2)')).toBeInTheDocument();
    expect(screen.getByText('GH₵ 450.00')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nea ɛbɛba akyi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Twa booking no mu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kyerɛ bere foforo' })).toBeInTheDocument();
    const history = screen.getByRole('heading', { name: 'Abakɔsɛm' }).closest('section') as HTMLElement;
    expect(within(history).getByText('Wɔbɔɔ booking no')).toBeInTheDocument();
    expect(within(history).getByText('Fia, Obu 20, 10:00')).toBeInTheDocument();
    // No English left on the screen's own words.
    expect(screen.queryByText('Scheduled')).not.toBeInTheDocument();
    expect(screen.queryByText('What happens next')).not.toBeInTheDocument();
  });
});
