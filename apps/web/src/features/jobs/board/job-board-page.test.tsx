import type { Role } from '@adwuma/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, type Handler, json, makeMe, stubFetch } from '../../auth/test/fixtures.tsx';
import { CATEGORIES, renderRoutes } from '../../search/test/fixtures.tsx';
import { allowance, boardItem } from '../test/fixtures.ts';
import { JobBoardPage } from './job-board-page.tsx';

function renderBoard(path: string, handler: Handler, role: Role = 'service_provider') {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe(role));
    if (req.path === '/api/categories') return json(200, CATEGORIES);
    return handler(req);
  });
  const view = renderRoutes([{ path: '/jobs', Component: JobBoardPage }], path);
  return { ...view, fetchMock, location: () => view.router.state.location };
}

const board = (items = [boardItem()], overrides = {}) => ({
  items,
  total: items.length,
  page: 1,
  page_size: 20,
  allowance: allowance(),
  ...overrides,
});

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/jobs', () => {
  it('reads the filters and page from the URL, asks the API the same, and shows the cards and bids left', async () => {
    const url = 'q=tap&category=plumbing&distance=25&budget_min=20000&posted_since=7&page=2';
    const { fetchMock } = renderBoard(`/jobs?${url}`, (req) =>
      req.path === '/api/jobs'
        ? json(
            200,
            board(
              [
                boardItem({ id: 'j-1', title: 'Fix a leaking kitchen tap', bids_count: 2 }),
                boardItem({
                  id: 'j-2',
                  title: 'Replace a bathroom tap',
                  matches: false,
                  my_bid_status: 'active',
                  distance_km: null,
                  city: 'Ejisu',
                }),
              ],
              { total: 45, page: 2 },
            ),
          )
        : undefined,
    );

    const first = (await screen.findByRole('link', { name: 'Fix a leaking kitchen tap' })).closest(
      'article',
    ) as HTMLElement;
    expect(callsTo(fetchMock, '/api/jobs')[0]?.url.search).toBe(`?${url}`);
    expect(within(first).getByText('Matches your services')).toBeInTheDocument();
    expect(within(first).queryByText('You bid')).not.toBeInTheDocument();
    expect(within(first).getByText('GH₵ 200.00 – GH₵ 400.00')).toBeInTheDocument();
    expect(within(first).getByText('Kumasi · 3.4 km')).toBeInTheDocument();
    expect(within(first).getByText('Posted 2 h ago')).toBeInTheDocument();
    expect(within(first).getByText('2 bids')).toBeInTheDocument();
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/task/j-1');
    const second = screen
      .getByRole('link', { name: 'Replace a bathroom tap' })
      .closest('article') as HTMLElement;
    expect(within(second).getByText('You bid')).toBeInTheDocument();
    expect(within(second).queryByText('Matches your services')).not.toBeInTheDocument();

    expect(screen.getByText('3 of 10 bids left this month')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '45 open jobs' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Next/ })).toHaveAttribute(
      'href',
      '/jobs?q=tap&category=plumbing&distance=25&budget_min=20000&posted_since=7&page=3',
    );

    // The controls show the same search.
    expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('tap');
    expect(await screen.findByRole('combobox', { name: 'Category' })).toHaveValue('plumbing');
    expect(screen.getByRole('combobox', { name: 'Distance' })).toHaveValue('25');
    expect(screen.getByRole('textbox', { name: 'Minimum budget in GH₵' })).toHaveValue('200');
    expect(screen.getByRole('radio', { name: 'Last week' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Search jobs' })).not.toHaveFocus();
  });

  it('puts a changed filter or search in the URL, back on page 1, and drops what the rules refuse', async () => {
    const user = userEvent.setup();
    const { fetchMock, location } = renderBoard('/jobs?distance=9999&posted_since=2&page=3', (req) =>
      req.path === '/api/jobs' ? json(200, board()) : undefined,
    );
    await screen.findByRole('link', { name: 'Fix a leaking kitchen tap' });
    // Out of range values are not sent.
    expect(callsTo(fetchMock, '/api/jobs')[0]?.url.search).toBe('?page=3');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), 'plumbing');
    await waitFor(() => expect(location().search).toBe('?category=plumbing'));
    await user.click(screen.getByRole('radio', { name: 'Last 3 days' }));
    await waitFor(() => expect(location().search).toBe('?category=plumbing&posted_since=3'));
    await user.type(screen.getByRole('textbox', { name: 'Minimum budget in GH₵' }), '150.5{Enter}');
    await waitFor(() => expect(location().search).toBe('?category=plumbing&budget_min=15050&posted_since=3'));
    await user.type(screen.getByRole('textbox', { name: 'Minimum budget in GH₵' }), 'x{Enter}');
    expect(await screen.findByText('Enter an amount such as 150 or 150.50')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'tap{Enter}');
    await waitFor(() =>
      expect(location().search).toBe('?q=tap&category=plumbing&budget_min=15050&posted_since=3'),
    );
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/jobs').at(-1)?.url.search).toBe(
        '?q=tap&category=plumbing&budget_min=15050&posted_since=3',
      ),
    );
  });

  it('focuses the search box when the header link asks for it (?focus=search)', async () => {
    renderBoard('/jobs?focus=search', (req) => (req.path === '/api/jobs' ? json(200, board()) : undefined));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveFocus());
  });

  it('shows an empty board with the way out, and a failure with Try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderBoard('/jobs?category=plumbing', (req) => {
      if (req.path !== '/api/jobs') return undefined;
      if (fail) return json(500, { error: { code: 'INTERNAL', message: 'The database is asleep.' } });
      return json(200, board([]));
    });
    expect(await screen.findByText('The database is asleep.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No open jobs match')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/jobs');
  });

  it('explains the board to a customer, with Join as Provider, without asking for jobs', async () => {
    const { fetchMock } = renderBoard('/jobs', () => undefined, 'customer');
    expect(
      await screen.findByRole('heading', { name: 'The job board is for providers' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join as Provider' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post a job' })).toHaveAttribute('href', '/post-job');
    expect(callsTo(fetchMock, '/api/jobs')).toHaveLength(0);
  });
});
