import type { Role } from '@adwuma/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, type Handler, json, makeMe, stubFetch } from '../../auth/test/fixtures.tsx';
import { renderRoutes } from '../../search/test/fixtures.tsx';
import { allowance, bid, dayFromNow, detail, JOB_ID, job } from '../test/fixtures.ts';
import { JobPage } from './job-page.tsx';

function renderJob(handler: Handler, role: Role = 'customer') {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe(role));
    return handler(req);
  });
  const view = renderRoutes(
    [
      { path: '/task/:id', Component: JobPage },
      { path: '/schedule', Component: () => <h1>Schedule</h1> },
    ],
    `/task/${JOB_ID}`,
  );
  return { ...view, fetchMock };
}

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-label'));

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/task/:id for the owner', () => {
  it('compares the bids by price, rating and distance, and hires one after confirming its price', async () => {
    const user = userEvent.setup();
    const cheap = bid({
      price: 25000,
      distance_km: 12,
      provider: {
        name: 'Kofi Boateng',
        rating: 4.2,
        total_reviews: 3,
        verified: true,
        slug: 'kofi-boateng-k3x9q2',
      },
    });
    const rated = bid({
      price: 38000,
      distance_km: 8.5,
      duration_minutes: 90,
      provider: {
        name: 'Esi Owusu',
        rating: 4.9,
        total_reviews: 40,
        verified: false,
        slug: 'esi-owusu-a1b2c3',
      },
    });
    const near = bid({
      price: 30000,
      distance_km: 0.9,
      earliest_start: null,
      duration_minutes: null,
      provider: { name: 'Yaw Darko', rating: 0, total_reviews: 0, verified: false, slug: null },
    });
    let hired = false;
    const { fetchMock } = renderJob((req) => {
      if (req.path === `/api/jobs/${JOB_ID}` && req.method === 'GET') {
        return json(
          200,
          detail({
            job: job({ bids_count: 3, status: hired ? 'hired' : 'open' }),
            bids: [rated, near, cheap].map((b) =>
              hired && b.id === cheap.id ? { ...b, status: 'accepted' } : b,
            ),
          }),
        );
      }
      if (req.path === `/api/jobs/${JOB_ID}/bids/${cheap.id}/accept` && req.method === 'POST') {
        hired = true;
        return json(200, {
          job: job({ status: 'hired', bids_count: 3 }),
          bid: { ...cheap, status: 'accepted' },
          booking_id: 'booking-1',
        });
      }
      return undefined;
    });

    const list = (await screen.findByRole('heading', { name: /Bids/ })).closest('section') as HTMLElement;
    expect(names(list)).toEqual(['Bid from Kofi Boateng', 'Bid from Yaw Darko', 'Bid from Esi Owusu']);

    const kofi = within(list).getByRole('article', { name: 'Bid from Kofi Boateng' });
    expect(within(kofi).getByRole('link', { name: 'Kofi Boateng' })).toHaveAttribute(
      'href',
      '/providers/kofi-boateng-k3x9q2',
    );
    // Either way, the customer reads whether the provider's ID was checked (profiles.verified).
    expect(within(kofi).getByText('ID verified')).toBeInTheDocument();
    expect(within(kofi).queryByText('ID check pending')).not.toBeInTheDocument();
    expect(within(kofi).getByText('4.2')).toBeInTheDocument();
    expect(within(kofi).getByText('(3 reviews)')).toBeInTheDocument();
    expect(within(kofi).getByText('Kumasi · 12 km away')).toBeInTheDocument();
    expect(within(kofi).getByText('GH₵ 250.00')).toBeInTheDocument();
    expect(within(kofi).getByText('2 h')).toBeInTheDocument();
    expect(within(kofi).getByText(/replace the washer/)).toBeInTheDocument();
    expect(within(kofi).getByRole('link', { name: 'Message Kofi Boateng' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/messaging\?to=provider-\d+&context=bid%3Abid-\d+$/),
    );
    const yaw = within(list).getByRole('article', { name: 'Bid from Yaw Darko' });
    expect(within(yaw).getByText('ID check pending')).toBeInTheDocument();
    expect(within(yaw).queryByText('ID verified')).not.toBeInTheDocument();
    expect(within(yaw).getByText('No reviews yet')).toBeInTheDocument();
    expect(within(yaw).queryByRole('link', { name: 'Yaw Darko' })).not.toBeInTheDocument();
    expect(within(yaw).getByText('When it suits you')).toBeInTheDocument();

    const sort = within(list).getByRole('combobox', { name: 'Sort bids by' });
    await user.selectOptions(sort, 'Top rated');
    expect(names(list)).toEqual(['Bid from Esi Owusu', 'Bid from Kofi Boateng', 'Bid from Yaw Darko']);
    await user.selectOptions(sort, 'Nearest');
    expect(names(list)).toEqual(['Bid from Yaw Darko', 'Bid from Esi Owusu', 'Bid from Kofi Boateng']);

    // Hiring asks first, with the price.
    await user.click(within(kofi).getByRole('button', { name: 'Hire Kofi Boateng for GH₵ 250.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hire Kofi Boateng?' });
    expect(dialog).toHaveTextContent('You agree on GH₵ 250.');
    await user.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `/api/jobs/${JOB_ID}/bids/${cheap.id}/accept`)).toHaveLength(0);

    await user.click(within(kofi).getByRole('button', { name: 'Hire Kofi Boateng for GH₵ 250.00' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Hire Kofi Boateng?' })).getByRole('button', {
        name: 'Hire for GH₵ 250.00',
      }),
    );

    const panel = (await screen.findByRole('heading', { name: 'You hired Kofi Boateng' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(panel).getByText('GH₵ 250.00')).toBeInTheDocument();
    expect(within(panel).getByText('12 Asokwa Road, Kumasi')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /See your schedule/ })).toHaveAttribute(
      'href',
      '/schedule',
    );
    expect(callsTo(fetchMock, `/api/jobs/${JOB_ID}/bids/${cheap.id}/accept`)).toHaveLength(1);
    // The job is read again: hired, and nobody else can be hired.
    await waitFor(() => expect(within(screen.getByRole('banner')).getByText('Hired')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Hire / })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit job' })).not.toBeInTheDocument();
  });

  it('cancels the job only after a confirmation', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderJob((req) => {
      if (req.path === `/api/jobs/${JOB_ID}` && req.method === 'GET') return json(200, detail());
      if (req.path === `/api/jobs/${JOB_ID}/cancel`) return json(200, { job: job({ status: 'cancelled' }) });
      return undefined;
    });
    expect(await screen.findByText('No bids yet', { selector: 'p' })).toBeInTheDocument();
    // While it is open the owner may edit it.
    expect(screen.getByRole('link', { name: 'Edit job' })).toHaveAttribute('href', `/task/${JOB_ID}/edit`);
    await user.click(screen.getByRole('button', { name: 'Cancel job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel job' }));
    expect(await screen.findByText('The job was cancelled')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/api/jobs/${JOB_ID}/cancel`)).toHaveLength(1);
  });
});

describe('/task/:id: Share on WhatsApp (issue 21)', () => {
  it('shares the open job’s title and absolute address through wa.me', async () => {
    renderJob((req) => {
      if (req.path === `/api/jobs/${JOB_ID}` && req.method === 'GET') return json(200, detail());
      return undefined;
    });
    const share = await screen.findByRole('link', { name: 'Share on WhatsApp' });
    const href = new URL(share.getAttribute('href') ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/');
    expect(href.searchParams.get('text')).toBe(
      `Fix a leaking kitchen tap\n${window.location.origin}/task/${JOB_ID}`,
    );
    expect(share).toHaveAttribute('target', '_blank');
  });

  it('offers no share once the job is closed', async () => {
    renderJob((req) => {
      if (req.path === `/api/jobs/${JOB_ID}` && req.method === 'GET')
        return json(200, detail({ job: job({ status: 'closed' }) }));
      return undefined;
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fix a leaking kitchen tap' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Share on WhatsApp' })).not.toBeInTheDocument();
  });
});

describe('/task/:id for a provider', () => {
  const forProvider = (overrides = {}) =>
    detail({
      viewer: 'provider',
      bids: null,
      can_bid: true,
      job: job({ customer: { id: 'c-1', name: 'Ama Mensah', avatar_url: null }, address: null }),
      ...overrides,
    });

  it('shows the bids left, checks the bid, and shows the server’s limit refusal with the way to upgrade', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderJob((req) => {
      if (req.path === `/api/jobs/${JOB_ID}`) return json(200, forProvider({ distance_km: 4.2 }));
      if (req.path === '/api/bids/allowance') return json(200, allowance());
      if (req.path === `/api/jobs/${JOB_ID}/bids` && req.method === 'POST') {
        return json(403, {
          error: {
            code: 'BID_LIMIT',
            message: 'You have used all 10 bids of your Starter plan this month. Upgrade for unlimited bids.',
            details: {
              upgrade: '/subscription',
              allowance: allowance({ used: 10, remaining: 0, allowed: false }),
            },
          },
        });
      }
      return undefined;
    }, 'service_provider');

    expect(await screen.findByText('3 of 10 bids left this month')).toBeInTheDocument();
    // The customer by first name and city only.
    expect(screen.getByText('Posted by Ama in Kumasi')).toBeInTheDocument();
    expect(screen.queryByText(/Mensah/)).not.toBeInTheDocument();
    // How far it is, before any bid; no street address.
    expect(screen.getByText('Kumasi · 4.2 km away')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit job' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send bid' }));
    expect(await screen.findByText('Enter an amount such as 150 or 150.50')).toBeInTheDocument();
    expect(screen.getByLabelText(/Message to the customer/)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, `/api/jobs/${JOB_ID}/bids`)).toHaveLength(0);

    await user.type(screen.getByLabelText('Your price in GH₵'), '0.5');
    await user.type(screen.getByLabelText(/Message to the customer/), 'I have fixed many taps in Asokwa.');
    await user.click(screen.getByRole('button', { name: 'Send bid' }));
    expect(await screen.findByText('The price must be at least GH₵ 1')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Your price in GH₵'));
    await user.type(screen.getByLabelText('Your price in GH₵'), '280');
    // What the customer sees, and what the provider keeps after the Starter commission (18 %).
    expect(
      screen.getByText(
        "The customer sees: GH₵ 280.00 You keep GH₵ 229.60 after Adwuma's 18% Starter commission.",
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Earliest start/), dayFromNow(2));
    await user.selectOptions(screen.getByLabelText(/How long it will take/), '2 h');
    await user.click(screen.getByRole('button', { name: 'Send bid' }));

    expect(
      await screen.findByText(
        'You have used all 10 bids of your Starter plan this month. Upgrade for unlimited bids.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans for unlimited bids' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(callsTo(fetchMock, `/api/jobs/${JOB_ID}/bids`)[0]?.body).toEqual({
      price: 28000,
      message: 'I have fixed many taps in Asokwa.',
      earliest_start: dayFromNow(2),
      duration_minutes: 120,
    });
    // The allowance from the refusal replaces the one shown.
    expect(await screen.findByText('0 of 10 bids left this month')).toBeInTheDocument();
  });

  it('shows the provider’s own bid with Edit and Withdraw while the job is open', async () => {
    const user = userEvent.setup();
    const mine = bid({ price: 30000, provider: { name: 'Ama Mensah' } });
    let current = mine;
    const { fetchMock } = renderJob((req) => {
      if (req.path === `/api/jobs/${JOB_ID}`)
        return json(200, forProvider({ my_bid: current, can_bid: false }));
      if (req.path === '/api/bids/allowance') return json(200, allowance());
      if (req.path === `/api/bids/${mine.id}` && req.method === 'PATCH') {
        current = { ...mine, price: 27500 };
        return json(200, { bid: current, allowance: allowance() });
      }
      if (req.path === `/api/bids/${mine.id}/withdraw`) {
        current = { ...current, status: 'withdrawn' };
        return json(200, { bid: current, allowance: allowance() });
      }
      return undefined;
    }, 'service_provider');

    expect(await screen.findByRole('heading', { name: 'Your bid' })).toBeInTheDocument();
    expect(screen.getByText('GH₵ 300.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit bid' }));
    const price = screen.getByLabelText('Your price in GH₵');
    expect(price).toHaveValue('300');
    await user.clear(price);
    await user.type(price, '275');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your bid was updated')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/api/bids/${mine.id}`)[0]?.body).toMatchObject({ price: 27500 });
    expect(await screen.findByText('GH₵ 275.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your bid?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Your bid was withdrawn')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/api/bids/${mine.id}/withdraw`)).toHaveLength(1);
    expect(await screen.findByText('Withdrawn')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit bid' })).not.toBeInTheDocument();
  });
});
