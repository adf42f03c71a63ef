import type { Booking } from '@adwuma/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeMe, stubFetch } from '../auth/test/fixtures.tsx';
import { BookingsOverviewCard } from '../dashboard/bookings-overview-card.tsx';
import { makeBooking } from '../quotes/test/fixtures.ts';
import { renderRoutes } from '../search/test/fixtures.tsx';
import { SchedulePage } from './schedule-page.tsx';
import { placeBlock, weekStart } from './week.ts';

function renderSchedule(items: Booking[], { role = 'customer', path = '/schedule' } = {}) {
  const me = makeMe(role as 'customer');
  me.profile = { ...me.profile, onboarding_completed: true };
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, me);
    if (req.path === '/api/bookings') {
      const side = req.url.searchParams.get('role');
      return json(200, { items: side ? items.filter((b) => b.role === side) : items });
    }
    if (req.path === '/api/onboarding/availability')
      return json(200, {
        availability: {
          timezone: 'Africa/Accra',
          days: [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
            weekday === 0
              ? { weekday, closed: true, opens: null, closes: null }
              : { weekday, closed: false, opens: '08:00', closes: '17:00' },
          ),
        },
      });
    if (req.path === '/api/quote-requests')
      return json(200, { items: [], counts: { received_pending: 2, sent_quoted: 1 } });
    return undefined;
  });
  const view = renderRoutes(
    [
      { path: '/schedule', Component: SchedulePage },
      { path: '/dashboard', Component: () => <BookingsOverviewCard /> },
    ],
    path,
  );
  return { ...view, fetchMock };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T09:00:00Z'));
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ITEMS = [
  makeBooking({ id: 'past', title: 'Gutter cleaning', scheduled_date: '2026-11-02' }),
  makeBooking({
    id: 'job',
    title: 'Paint two bedrooms',
    source: 'bid',
    job_id: 'j-7',
    quote_request_id: null,
    scheduled_date: '2026-11-25',
    scheduled_end_date: '2026-11-27',
    price: 120000,
  }),
  makeBooking({ id: 'undated', title: 'Tank cleaning', scheduled_date: null, city: null, address: null }),
  makeBooking({ id: 'today', title: 'Leak repair', scheduled_date: '2026-11-22' }),
  makeBooking({
    id: 'work',
    title: 'Braids for a wedding',
    role: 'provider',
    scheduled_date: '2026-11-23',
    customer: { id: 'c-2', name: 'Efua Sarpong', avatar_url: null },
    provider: { ...makeBooking().provider, id: 'user-1', name: 'Ama Mensah' },
  }),
];

describe('/schedule', () => {
  it('lists upcoming days first, then bookings without a date, then the past, with their sources', async () => {
    renderSchedule(ITEMS);
    const upcoming = (await screen.findByRole('heading', { name: /Upcoming/ })).closest(
      'section',
    ) as HTMLElement;
    const headings = within(upcoming)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual([
      'TodaySunday 22 November',
      'TomorrowMonday 23 November',
      'Wednesday 25 November',
    ]);
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(['Upcoming3', 'No date yet1', 'Past1', 'Book more work']);
    expect(screen.getByText('Today is Sunday 22 November')).toBeInTheDocument();
    // The past is folded away until opened; every item links to its booking page.
    expect(screen.getByRole('heading', { name: /Past/ }).closest('details')).not.toHaveAttribute('open');
    expect(within(upcoming).getByRole('link', { name: 'Leak repair' })).toHaveAttribute(
      'href',
      '/bookings/today',
    );

    const job = within(upcoming).getByRole('article', { name: 'Paint two bedrooms with Kofi Asante' });
    expect(within(job).getByText('GH₵ 1,200.00')).toBeInTheDocument();
    expect(within(job).getByText('Wed 25 Nov – Fri 27 Nov')).toBeInTheDocument();
    expect(within(job).getByRole('link', { name: 'Hired from a job' })).toHaveAttribute('href', '/task/j-7');
    expect(within(job).getByRole('img', { name: /Verified provider/ })).toBeInTheDocument();

    const leak = within(upcoming).getByRole('article', { name: 'Leak repair with Kofi Asante' });
    expect(within(leak).getByRole('link', { name: 'From a quote request' })).toHaveAttribute(
      'href',
      '/service-requests?tab=sent&request=q-1',
    );
    // On the provider's side: the customer, and the request among those received.
    const work = within(upcoming).getByRole('article', { name: 'Braids for a wedding with Efua Sarpong' });
    expect(within(work).getByText('Customer')).toBeInTheDocument();
    expect(within(work).getByRole('link', { name: 'From a quote request' })).toHaveAttribute(
      'href',
      '/service-requests?tab=received&request=q-1',
    );

    const undated = screen.getByRole('heading', { name: /No date yet/ }).closest('section') as HTMLElement;
    expect(within(undated).getByText('Date to be agreed')).toBeInTheDocument();
    expect(within(undated).getByText('Place to be agreed')).toBeInTheDocument();
    const past = screen.getByRole('heading', { name: /Past/ }).closest('section') as HTMLElement;
    expect(
      within(past).getByRole('article', { name: 'Gutter cleaning with Kofi Asante' }),
    ).toBeInTheDocument();
  });

  it('highlights the booking a link points to', async () => {
    renderSchedule(ITEMS, { path: '/schedule?booking=job' });
    const job = await screen.findByRole('article', { name: 'Paint two bedrooms with Kofi Asante' });
    expect(job).toHaveAttribute('aria-current', 'true');
    await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalled());
  });

  it('a provider may show one side only', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderSchedule(ITEMS, { role: 'service_provider' });
    await user.click(await screen.findByRole('link', { name: 'My work' }));
    expect(
      await screen.findByRole('article', { name: 'Braids for a wedding with Efua Sarpong' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: /Leak repair/ })).not.toBeInTheDocument(),
    );
    expect(callsTo(fetchMock, '/api/bookings').at(-1)?.url.search).toBe('?role=provider');
    expect(screen.getByTestId('location').textContent).toBe('/schedule?role=provider');
  });

  it('says what to do when nothing is booked, and offers a retry when loading fails', async () => {
    renderSchedule([]);
    expect(await screen.findByText('Nothing booked yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Find a provider/ })).toHaveAttribute('href', '/search');
    expect(screen.getByRole('link', { name: /Post a job/ })).toHaveAttribute('href', '/post-job');
    cleanup();

    let fail = true;
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('customer'));
      if (req.path === '/api/bookings')
        return fail
          ? json(500, { error: { code: 'INTERNAL', message: 'The database is resting.' } })
          : json(200, { items: ITEMS });
      return undefined;
    });
    renderRoutes([{ path: '/schedule', Component: SchedulePage }], '/schedule');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(within(alert).getByText('The database is resting.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: /Upcoming/ })).toBeInTheDocument();
  }, 15_000);
});

describe('the dashboard card', () => {
  it('shows the next three bookings and the requests waiting', async () => {
    renderSchedule(
      [...ITEMS, makeBooking({ id: 'far', title: 'Garden clearing', scheduled_date: '2027-02-01' })],
      { path: '/dashboard', role: 'service_provider' },
    );
    const card = (await screen.findByRole('heading', { name: 'Next bookings' })).closest(
      'section',
    ) as HTMLElement;
    const links = await within(card).findAllByRole('link', { name: /GH₵/ });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/bookings/today',
      '/bookings/work',
      '/bookings/job',
    ]);
    expect(
      await within(card).findByRole('link', { name: '2 requests waiting for your quote' }),
    ).toHaveAttribute('href', '/service-requests?tab=received');
    expect(within(card).getByRole('link', { name: '1 quote waiting for your answer' })).toHaveAttribute(
      'href',
      '/service-requests?tab=sent',
    );
    expect(within(card).getByRole('link', { name: 'Schedule' })).toHaveAttribute('href', '/schedule');
  });
});

function wideScreen() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: true,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

const TIMED = [
  makeBooking({
    id: 'timed',
    title: 'Leak repair',
    scheduled_date: '2026-11-25',
    ...({ start_time: '09:00', duration_minutes: 120 } as object),
  }),
  makeBooking({
    id: 'window',
    title: 'Paint two bedrooms',
    scheduled_date: '2026-11-24',
    scheduled_end_date: '2026-11-26',
  }),
  makeBooking({ id: 'later', title: 'Garden clearing', scheduled_date: '2026-12-02' }),
  makeBooking({ id: 'undated', title: 'Tank cleaning', scheduled_date: null }),
];

describe('the week view (wide screens)', () => {
  it('works out weeks and places blocks in the 07:00–20:00 span', () => {
    expect(weekStart('2026-11-25')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekStart('nonsense', new Date('2026-11-22T09:00:00Z'))).toBe('2026-11-16');
    const block = placeBlock('09:00', 120);
    expect(block.top).toBeCloseTo((120 / 780) * 100);
    expect(block.height).toBeCloseTo((120 / 780) * 100);
    // Clipped to the visible hours.
    expect(placeBlock('19:30', 120).height).toBeCloseTo((30 / 780) * 100);
  });

  it('shows the week in the URL with timed blocks, an all-day row and the days without a date', async () => {
    wideScreen();
    renderSchedule(TIMED, { path: '/schedule?week=2026-11-25' });
    const week = await screen.findByRole('region', { name: 'Week of 23 – 29 Nov 2026' });
    const wednesday = within(week).getByRole('list', { name: 'Wednesday 25' });
    const block = within(wednesday).getByRole('link', {
      name: '09:00–11:00 Leak repair with Kofi Asante, Scheduled',
    });
    expect(block).toHaveAttribute('href', '/bookings/timed');
    const slot = block.closest('li') as HTMLElement;
    expect(Number.parseFloat(slot.style.top)).toBeCloseTo((120 / 780) * 100);
    expect(Number.parseFloat(slot.style.height)).toBeCloseTo((120 / 780) * 100);
    // A window without a time sits in the all-day row of each of its days.
    for (const day of ['Tuesday 24', 'Wednesday 25', 'Thursday 26']) {
      expect(
        within(within(week).getByRole('list', { name: `${day}, all day` })).getByRole('link', {
          name: /Paint two bedrooms/,
        }),
      ).toBeInTheDocument();
    }
    expect(within(week).queryByRole('link', { name: /Garden clearing/ })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Tank cleaning with Kofi Asante' })).toBeInTheDocument();
    // A customer has no open hours to show.
    expect(screen.queryByTestId('open-2026-11-23')).not.toBeInTheDocument();
  });

  it('moves between weeks through the URL, keeping the role filter', async () => {
    wideScreen();
    const user = userEvent.setup();
    const { fetchMock } = renderSchedule(TIMED, {
      role: 'service_provider',
      path: '/schedule?role=customer&week=2026-11-23',
    });
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/bookings').some((c) => c.url.search === '?role=customer')).toBe(true),
    );
    await user.click(await screen.findByRole('link', { name: 'Next week' }));
    expect(await screen.findByRole('region', { name: 'Week of 30 Nov – 6 Dec 2026' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/schedule?role=customer&week=2026-11-30');
    expect(screen.getByRole('link', { name: /Garden clearing/ })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Previous week' }));
    await user.click(screen.getByRole('link', { name: 'Previous week' }));
    expect(screen.getByTestId('location').textContent).toBe('/schedule?role=customer&week=2026-11-16');
    await user.click(screen.getByRole('link', { name: 'Today' }));
    expect(screen.getByTestId('location').textContent).toBe('/schedule?role=customer');
    expect(await screen.findByRole('region', { name: 'Week of 16 – 22 Nov 2026' })).toBeInTheDocument();
  });

  it('points from an empty week to the next one that holds a booking', async () => {
    wideScreen();
    renderSchedule(TIMED);
    const week = await screen.findByRole('region', { name: 'Week of 16 – 22 Nov 2026' });
    expect(within(week).getByText('Nothing booked this week.')).toBeInTheDocument();
    expect(within(week).getByRole('link', { name: 'Next booking: Tue 24 Nov' })).toHaveAttribute(
      'href',
      '/schedule?week=2026-11-23',
    );
  });

  it("shades a provider's open hours", async () => {
    wideScreen();
    renderSchedule(TIMED, { role: 'service_provider', path: '/schedule?week=2026-11-23' });
    const monday = await screen.findByTestId('open-2026-11-23');
    expect(Number.parseFloat(monday.style.top)).toBeCloseTo((60 / 780) * 100);
    expect(Number.parseFloat(monday.style.height)).toBeCloseTo((540 / 780) * 100);
    expect(screen.queryByTestId('open-2026-11-29')).not.toBeInTheDocument();
  });
});
