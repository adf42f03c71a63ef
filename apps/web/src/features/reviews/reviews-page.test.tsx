import { REVIEW_MESSAGES, type Review } from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeMe, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import type { ReviewsResponse, ReviewsTab } from './api/get-reviews.ts';
import { ReviewsPage } from './reviews-page.tsx';
import { makeBooking, makeReview } from './test/fixtures.ts';
import { WRITE_REVIEW_TEXT } from './write-review-form.tsx';

const WINDOW = new Date(Date.now() + 10 * 86_400_000).toISOString();

function renderReviews(path: string, lists: Partial<Record<ReviewsTab, Partial<ReviewsResponse>>> = {}) {
  const server = {
    received: [makeReview()] as Review[],
    written: false,
  };
  const answer = (tab: ReviewsTab): ReviewsResponse => ({
    to_write: server.written
      ? []
      : [{ booking: makeBooking({ status: 'completed' }), window_closes_at: WINDOW }],
    items: [],
    counts: { to_write: server.written ? 0 : 1, received: server.received.length, given: 1 },
    ...(tab === 'received' ? { items: server.received } : {}),
    ...(tab === 'given'
      ? {
          items: [
            makeReview({
              id: 'r-9',
              published_at: null,
              author: { id: 'user-1', name: 'Ama Mensah', avatar_url: null },
            }),
          ],
        }
      : {}),
    ...lists[tab],
  });
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('customer'));
    if (req.path === '/api/reviews') return json(200, answer(req.url.searchParams.get('tab') as ReviewsTab));
    if (req.path === '/api/bookings/b-1/review' && req.method === 'POST') {
      server.written = true;
      return json(201, { review: makeReview({ id: 'r-new', published_at: null }) });
    }
    if (req.path === '/api/reviews/r-1/reply' && req.method === 'POST') {
      const { reply } = req.body as { reply: string };
      server.received = [makeReview({ reply, replied_at: '2026-11-19T10:00:00.000Z' })];
      return json(200, { review: server.received[0] });
    }
    return undefined;
  });
  const utils = renderWithSession([{ path: '/reviews', Component: ReviewsPage }], path);
  return { fetchMock, ...utils };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/reviews', () => {
  it('keeps the tab in the URL and moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    const { router } = renderReviews('/reviews');
    expect(await screen.findByRole('tab', { name: /To write/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Leak repair' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Given/ }));
    expect(router.state.location.search).toBe('?tab=given');
    expect(await screen.findByText('Waiting for the other side')).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(router.state.location.search).toBe('?tab=received');
    expect(screen.getByRole('tab', { name: /Received/ })).toHaveFocus();
    expect(await screen.findByText('Yaw Darko Mensah')).toBeInTheDocument();
  });

  it('shows an empty state on a tab with nothing in it', async () => {
    renderReviews('/reviews?tab=received', { received: { items: [] } });
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
  });

  it('opens the form from ?booking=, rates with the keyboard, checks the rules and sends the review', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderReviews('/reviews?booking=b-1');
    const form = await screen.findByRole('form', { name: 'Review of Kofi Asante' });
    expect(within(form).getByText(WRITE_REVIEW_TEXT.publishRule)).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: /Send review/ }));
    expect(within(form).getByText(REVIEW_MESSAGES.rating)).toBeInTheDocument();
    expect(within(form).getByLabelText('Your review')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, '/api/bookings/b-1/review')).toHaveLength(0);

    const group = within(form).getByRole('group', { name: 'How was it with Kofi Asante?' });
    await user.click(within(group).getByRole('radio', { name: '3 stars' }));
    expect(within(group).getByRole('radio', { name: '3 stars' })).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: '4 stars' })).toHaveFocus();
    expect(within(form).queryByText(REVIEW_MESSAGES.rating)).toBeNull();

    await user.type(within(form).getByLabelText('Your review'), 'Quick, tidy and friendly work.');
    expect(within(form).getByText(/30\/2000/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: /Send review/ }));

    await waitFor(() => expect(callsTo(fetchMock, '/api/bookings/b-1/review')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/bookings/b-1/review')[0]?.body).toEqual({
      rating: 4,
      text: 'Quick, tidy and friendly work.',
    });
    expect(await screen.findByText('Nothing to review right now')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=to_write');
  });

  it('says so when ?booking= is not one the person can review', async () => {
    renderReviews('/reviews?booking=b-other');
    expect(await screen.findByText('This booking cannot be reviewed now')).toBeInTheDocument();
  });

  it('replies once to a received review and shows the reply after', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderReviews('/reviews?tab=received');
    await user.click(await screen.findByRole('button', { name: 'Reply to Yaw Darko Mensah' }));
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(screen.getByLabelText('Your reply to Yaw Darko Mensah')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, '/api/reviews/r-1/reply')).toHaveLength(0);

    await user.type(screen.getByLabelText('Your reply to Yaw Darko Mensah'), 'Thank you, Yaw!');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText('Thank you, Yaw!')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/reviews/r-1/reply')[0]?.body).toEqual({ reply: 'Thank you, Yaw!' });
    expect(screen.queryByRole('button', { name: /Reply to/ })).toBeNull();
    expect(screen.getByText('Your reply')).toBeInTheDocument();
  });
});
