import {
  daysOf,
  type ExperimentResults,
  type FunnelAnalytics,
  type MarketplaceHealth,
  toDay,
} from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeMe, renderWithSession, stubFetch } from '../../auth/test/fixtures.tsx';
import { AdminDashboardPage } from './admin-dashboard-page.tsx';

const dayBefore = (day: string, n: number) =>
  toDay(new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000));

function funnelFor(start: string, end: string): FunnelAnalytics {
  const days = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
  const range = { start, end, days };
  const dates = daysOf(range);
  return {
    page_views: 900,
    signups: 45,
    conversions: 12,
    conversion_rate: 2.4,
    total_visitors: 500,
    total_conversions: 12,
    date_range: range,
    utm_breakdown: [
      { source: 'google', page_views: 500 },
      { source: '=cmd|calc', page_views: 100 },
      { source: '(direct)', page_views: 300 },
    ],
    funnel_breakdown: [
      { step: 'visited', sessions: 500, drop_off_percent: 0 },
      { step: 'signed_up', sessions: 45, drop_off_percent: 91 },
      { step: 'converted', sessions: 12, drop_off_percent: 73.3 },
    ],
    utm_performance: [
      { source: 'google', visitors: 250, signups: 30, conversions: 8, conversion_rate: 3.2 },
      { source: '=cmd|calc', visitors: 50, signups: 5, conversions: 1, conversion_rate: 2 },
      { source: '(direct)', visitors: 200, signups: 10, conversions: 3, conversion_rate: 1.5 },
    ],
    top_converting_pages: [
      { page_path: '/pricing', conversions: 7, page_views: 120 },
      { page_path: '/', conversions: 5, page_views: 400 },
    ],
    time_series: dates.map((date, i) => ({
      date,
      visitors: i === dates.length - 1 ? 42 : 10,
      page_views: 20,
      signups: 1,
      conversions: 0,
    })),
    previous: {
      page_views: 800,
      signups: 50,
      conversions: 0,
      conversion_rate: 0,
      total_visitors: 400,
      total_conversions: 0,
      date_range: { start: dayBefore(start, days), end: dayBefore(start, 1), days },
    },
  };
}

function healthFor(start: string, end: string, money: MarketplaceHealth['money']): MarketplaceHealth {
  return {
    date_range: { start, end, days: 30 },
    provider_activation: [
      { step: 'signed_up', providers: 40 },
      { step: 'onboarded', providers: 30 },
      { step: 'verified', providers: 20 },
      { step: 'first_bid', providers: 10 },
      { step: 'first_booking', providers: 5 },
    ],
    jobs: {
      posted: 60,
      bid_within_24h_percent: 75.5,
      median_hours_to_first_bid: 3.25,
      fill_rate_percent: 40,
    },
    bookings_completed: 18,
    disputes_opened: 2,
    average_rating: 4.6,
    reviews: 9,
    money,
    searches_without_results: [
      {
        query: 'plumber',
        category: 'plumbing',
        city: 'Tamale',
        count: 14,
        last_seen: '2026-11-20T10:00:00.000Z',
      },
    ],
  };
}

const MONEY: NonNullable<MarketplaceHealth['money']> = {
  currency: 'GHS',
  gmv_minor: 1_250_000,
  commission_minor: 125_000,
  take_rate_percent: 10,
  subscriptions: [{ tier: 'pro', active: 7, mrr_minor: 105_000 }],
  mrr_minor: 105_000,
};

const EXPERIMENTS: ExperimentResults = {
  experiments: [
    {
      name: 'landing_hero',
      description: 'Landing page hero',
      variants: [
        { variant: 'control', visitors: 1000, conversions: 20, conversion_rate: 2, confidence_percent: null },
        { variant: 'local', visitors: 1000, conversions: 35, conversion_rate: 3.5, confidence_percent: 96.4 },
      ],
    },
    {
      name: 'pricing_copy',
      description: 'Pricing page copy',
      variants: [
        { variant: 'control', visitors: 3, conversions: 0, conversion_rate: 0, confidence_percent: null },
        { variant: 'short', visitors: 2, conversions: 0, conversion_rate: 0, confidence_percent: null },
      ],
    },
  ],
};

function renderDashboard(path = '/admin/dashboard', { money = null as MarketplaceHealth['money'] } = {}) {
  const fetchMock = stubFetch((req) => {
    const p = req.url.searchParams;
    const start = p.get('start') ?? '';
    const end = p.get('end') ?? '';
    if (req.path === '/api/me') return json(200, makeMe('admin'));
    if (req.path === '/api/admin/analytics/funnel') return json(200, funnelFor(start, end));
    if (req.path === '/api/admin/analytics/health') return json(200, healthFor(start, end, money));
    if (req.path === '/api/admin/analytics/experiments') return json(200, EXPERIMENTS);
    if (req.path === '/api/admin/overview')
      return json(200, {
        users: { total: 50, byRole: { admin: 1, service_provider: 10, explorer: 4, customer: 35 } },
        waitlistSubscribers: 3,
        enterpriseLeads: 1,
        frontendErrorsLast24h: 0,
        securityEventsLast24h: 2,
      });
    if (req.path === '/api/admin/subscriptions')
      return json(200, {
        subscriptions: [],
        total: 0,
        page: 1,
        page_size: 20,
        counts: { starter: 40, pro: 7, premium: 3, enterprise: 0 },
      });
    return undefined;
  });
  const utils = renderWithSession(
    [
      { path: '/admin', Component: AdminDashboardPage },
      { path: '/admin/dashboard', Component: AdminDashboardPage },
    ],
    path,
  );
  return { fetchMock, ...utils };
}

const today = () => toDay(new Date());

beforeEach(() => {
  // jsdom has no layout: recharts' ResponsiveContainer watches its size with a ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/admin/dashboard', () => {
  it('shows the key figures with their change, the charts’ tables, health, experiments and the counts', async () => {
    const { fetchMock } = renderDashboard();
    const kpis = await screen.findByRole('list', { name: 'Key figures' });
    const tiles = within(kpis).getAllByRole('listitem');
    expect(tiles[0]).toHaveTextContent('Visitors500Up 25.0% on the previous 30 days');
    expect(tiles[1]).toHaveTextContent('Sign-ups45Down 10.0% on the previous 30 days');
    expect(tiles[2]).toHaveTextContent('Conversions12New: none in the previous 30 days');
    expect(tiles[3]).toHaveTextContent('Conversion rate2.4%');

    // The default range: the last 30 days ending today, asked of all three endpoints.
    const start = dayBefore(today(), 29);
    for (const path of [
      '/api/admin/analytics/funnel',
      '/api/admin/analytics/health',
      '/api/admin/analytics/experiments',
    ]) {
      const call = callsTo(fetchMock, path)[0];
      expect(call?.url.searchParams.get('start')).toBe(start);
      expect(call?.url.searchParams.get('end')).toBe(today());
    }

    const traffic = screen.getByRole('table', { name: 'Visitors, sign-ups and conversions' });
    expect(within(traffic).getAllByRole('row')).toHaveLength(31);
    const sources = screen.getByRole('table', { name: 'Traffic sources' });
    expect(within(sources).getByText('google').closest('tr')).toHaveTextContent('google500250308');
    const funnel = screen.getByRole('table', { name: 'Funnel' });
    expect(within(funnel).getByText('Signed up').closest('tr')).toHaveTextContent('Signed up4591.0%');
    expect(screen.getByRole('table', { name: 'Top converting pages' })).toHaveTextContent('/pricing7120');

    const health = await screen.findByRole('region', { name: 'Marketplace health' });
    expect(within(health).getByText('75.5%')).toBeInTheDocument();
    expect(within(health).getByText('3.3 h')).toBeInTheDocument();
    expect(within(health).getByText('4.6 of 5')).toBeInTheDocument();
    const misses = within(health).getByRole('table', { name: 'Searches that found nothing' });
    expect(within(misses).getByText('plumber').closest('tr')).toHaveTextContent('plumberplumbingTamale14');
    expect(within(health).getByText(/these are the providers to recruit/)).toBeInTheDocument();

    const experiments = await screen.findByRole('region', { name: 'A/B tests' });
    const hero = within(experiments).getByRole('table', { name: 'Experiment landing_hero' });
    expect(within(hero).getByText('local').closest('tr')).toHaveTextContent(
      'local1,000353.5%96.4% confident',
    );
    expect(within(hero).getByText('Baseline')).toBeInTheDocument();
    expect(within(experiments).getByRole('table', { name: 'Experiment pricing_copy' })).toHaveTextContent(
      'Not enough data',
    );

    const overview = screen.getByRole('region', { name: 'Overview' });
    expect(await within(overview).findByText('Waitlist subscribers')).toBeInTheDocument();
  });

  it('leaves the money out cleanly when there are no payments', async () => {
    renderDashboard();
    const health = await screen.findByRole('region', { name: 'Marketplace health' });
    await within(health).findByText('Job liquidity');
    expect(within(health).queryByRole('region', { name: 'Money' })).toBeNull();
    expect(within(health).queryByText('GMV')).toBeNull();
  });

  it('shows GMV, commission, take rate and MRR per tier when payments exist', async () => {
    renderDashboard('/admin/dashboard', { money: MONEY });
    const money = await screen.findByRole('region', { name: 'Money' });
    expect(within(money).getByText('GMV').nextSibling).toHaveTextContent('GH₵ 12,500.00');
    expect(within(money).getByText('Take rate').nextSibling).toHaveTextContent('10.0%');
    const tiers = within(money).getByRole('table', { name: 'Active subscriptions per tier' });
    expect(within(tiers).getByText('Pro').closest('tr')).toHaveTextContent('Pro7GH₵ 1,050.00');
  });

  it('downloads a chart’s data as CSV made from the JSON, formulas defused', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Download CSV of Traffic sources' }));
    expect(clicked[0]?.download).toBe(`traffic-sources-${dayBefore(today(), 29)}-${today()}.csv`);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    // (The UTF-8 BOM in front, for Excel, is dropped by text().)
    const text = await blobs[0]!.text();
    expect(text).toBe(
      'Source,Page views,Visitors,Sign-ups,Conversions,Conversion rate\r\n' +
        'google,500,250,30,8,3.2\r\n' +
        "'=cmd|calc,100,50,5,1,2\r\n" +
        '(direct),300,200,10,3,1.5\r\n',
    );
  });

  it('the range picker puts the dates in the address and asks for them', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderDashboard();
    await screen.findByRole('list', { name: 'Key figures' });
    expect(screen.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    const start7 = dayBefore(today(), 6);
    await waitFor(() => expect(router.state.location.search).toBe(`?start=${start7}&end=${today()}`));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/admin/analytics/funnel').some(
          (c) => c.url.searchParams.get('start') === start7,
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('Up 25.0% on the previous 7 days')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-10-10');
    await user.clear(to);
    await user.type(to, '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The end date is before the start date');
    expect(router.state.location.search).toBe(`?start=${start7}&end=${today()}`);

    await user.clear(to);
    await user.type(to, '2026-10-20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?start=2026-10-10&end=2026-10-20'));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/admin/analytics/health').some(
          (c) =>
            c.url.searchParams.get('start') === '2026-10-10' &&
            c.url.searchParams.get('end') === '2026-10-20',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText(/10 Oct 2026 – 20 Oct 2026 \(11 days\)/)).toBeInTheDocument();
  });

  it('a range the server would refuse says why instead of asking', async () => {
    const { fetchMock } = renderDashboard('/admin/dashboard?start=2026-10-20&end=2026-10-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('The end date is before the start date');
    expect(callsTo(fetchMock, '/api/admin/analytics/funnel')).toHaveLength(0);
  });
});
