import { JOB_MESSAGES, MONEY_MESSAGES } from '@adwuma/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeMe, stubFetch } from '../../auth/test/fixtures.tsx';
import { CATEGORIES, renderRoutes } from '../../search/test/fixtures.tsx';
import { dayFromNow, JOB_ID, job } from '../test/fixtures.ts';
import { draftKey } from './job-draft.ts';
import { PostJobPage } from './post-job-page.tsx';

const CITIES = {
  cities: [{ city: 'Kumasi', region: 'Ashanti', providers: 54, latitude: 6.6885, longitude: -1.6244 }],
};

const place = (name: string, city: string | null, latitude: number, longitude: number) => ({
  display_name: `${city ? `${name}, ${city}` : name}, Ashanti, Ghana`,
  city: city ?? name,
  neighbourhood: city ? name : null,
  state: 'Ashanti',
  country: 'Ghana',
  latitude,
  longitude,
});
const KUMASI = place('Kumasi', null, 6.6885, -1.6244);
const BANTAMA = place('Bantama', 'Kumasi', 6.703, -1.635);

function renderForm(path = '/post-job', userId = 'user-1') {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me')
      return json(200, makeMe('customer', { user: { ...makeMe().user, id: userId } }));
    if (req.path === '/api/categories') return json(200, CATEGORIES);
    if (req.path === '/api/onboarding/location') return json(200, { location: null });
    if (req.path === '/api/directory/cities') return json(200, CITIES);
    if (req.path === '/api/geocode/search') {
      const q = req.url.searchParams.get('q') ?? '';
      const results = [KUMASI, BANTAMA].filter((p) => p.display_name.toLowerCase().includes(q));
      return json(200, { query: q, normalized: null, results, source: 'gazetteer' });
    }
    if (req.path === '/api/jobs' && req.method === 'POST') return json(201, { job: job() });
    if (req.path === `/api/jobs/${JOB_ID}/photos` && req.method === 'POST') {
      return json(201, {
        job: job({ photos: [{ id: 'ph-1', url: '/p.webp', thumb_url: '/t.webp', width: 1, height: 1 }] }),
      });
    }
    return undefined;
  });
  const view = renderRoutes(
    [
      { path: '/post-job', Component: PostJobPage },
      { path: '/tasks/create', Component: PostJobPage },
      { path: '/task/:id', Component: () => <h1>The job page</h1> },
    ],
    path,
  );
  return { ...view, fetchMock };
}

const next = () => userEvent.click(screen.getByRole('button', { name: /Next/ }));

async function fillWhat(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText('Category'), 'plumbing');
  await user.type(screen.getByLabelText('Job title'), 'Fix a leaking kitchen tap');
  await user.type(
    screen.getByLabelText('Description'),
    'The kitchen tap drips all night and the pipe under the sink is wet.',
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  Element.prototype.scrollIntoView = vi.fn();
});

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/post-job', () => {
  it('checks every step with the shared rules, focusing the first bad field, then posts and uploads the photos', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderForm();

    // Step 1: nothing filled.
    await screen.findByLabelText('Category');
    await next();
    expect(await screen.findByText('Choose a category')).toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveFocus();
    expect(screen.getByLabelText('Job title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Description/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'What do you need done?' })).toBeInTheDocument();

    await fillWhat(user);
    await next();

    // Step 2: a place is needed.
    expect(await screen.findByRole('heading', { name: 'Where is the job?' })).toBeInTheDocument();
    await next();
    expect(await screen.findByText(JOB_MESSAGES.placeRequired)).toBeInTheDocument();
    const near = screen.getByRole('combobox', { name: 'City or area' });
    expect(near).toHaveFocus();
    await user.type(near, 'Kum');
    await user.click(await screen.findByRole('option', { name: /^Kumasi/ }));
    await waitFor(() => expect(near).toHaveValue('Kumasi'));
    expect(screen.queryByText(JOB_MESSAGES.placeRequired)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Street, house or landmark/), 'Near the Asokwa market');
    await next();

    // Step 3: when.
    expect(await screen.findByRole('heading', { name: 'When do you need it?' })).toBeInTheDocument();
    await next();
    expect(await screen.findByText('Choose when you need it')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Within a window/ }));
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: dayFromNow(-1) } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: dayFromNow(-3) } });
    await next();
    expect(await screen.findByText(JOB_MESSAGES.datePast)).toBeInTheDocument();
    expect(screen.getByLabelText('First day')).toHaveFocus();
    expect(screen.getByText(JOB_MESSAGES.windowOrder)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: dayFromNow(3) } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: dayFromNow(6) } });
    await next();

    // Step 4: the budget is optional, but must make sense.
    expect(await screen.findByRole('heading', { name: 'Budget and photos' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Minimum budget/), '500');
    await user.type(screen.getByLabelText(/Maximum budget/), '2x0');
    await next();
    expect(await screen.findByText(MONEY_MESSAGES.invalid)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Maximum budget/));
    await user.type(screen.getByLabelText(/Maximum budget/), '200');
    await next();
    expect(await screen.findByText(JOB_MESSAGES.budgetOrder)).toBeInTheDocument();
    expect(screen.getByLabelText(/Minimum budget/)).toHaveFocus();
    await user.clear(screen.getByLabelText(/Minimum budget/));
    await user.type(screen.getByLabelText(/Minimum budget/), '150.5');
    expect(screen.getByText('Providers see: GH₵ 150.50 – GH₵ 200.00')).toBeInTheDocument();
    const photo = new File([new Uint8Array([1, 2, 3])], 'tap.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText(/Add photos/), photo);
    expect(screen.getByRole('button', { name: 'Remove tap.jpg' })).toBeInTheDocument();
    await next();

    // Step 5: review, then post.
    const review = await screen.findByRole('heading', { name: 'Check and post' });
    const form = review.closest('form') as HTMLElement;
    expect(within(form).getByText('Fix a leaking kitchen tap')).toBeInTheDocument();
    expect(within(form).getByText('Near the Asokwa market, Kumasi')).toBeInTheDocument();
    expect(within(form).getByText('1 photo')).toBeInTheDocument();
    expect(window.localStorage.getItem(draftKey('user-1'))).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Post job' }));

    expect(await screen.findByRole('heading', { name: 'The job page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/task/${JOB_ID}`);
    expect(callsTo(fetchMock, '/api/jobs')[0]?.body).toEqual({
      title: 'Fix a leaking kitchen tap',
      category: 'plumbing',
      description: 'The kitchen tap drips all night and the pipe under the sink is wet.',
      city: 'Kumasi',
      address: 'Near the Asokwa market',
      latitude: 6.6885,
      longitude: -1.6244,
      when_type: 'window',
      date_start: dayFromNow(3),
      date_end: dayFromNow(6),
      budget_min: 15050,
      budget_max: 20000,
    });
    const upload = callsTo(fetchMock, `/api/jobs/${JOB_ID}/photos`);
    expect(upload).toHaveLength(1);
    expect((upload[0]?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
    expect(await screen.findByText('Your job is posted. Providers can bid now.')).toBeInTheDocument();
    expect(window.localStorage.getItem(draftKey('user-1'))).toBeNull();
  });

  it('"City or area" finds a neighbourhood as you type: Bantama gives Kumasi, its point, and keeps focus', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillWhat(user);
    await next();
    await screen.findByRole('heading', { name: 'Where is the job?' });
    const field = screen.getByRole('combobox', { name: 'City or area' });
    await user.type(field, 'bantama');
    expect(await screen.findByRole('option', { name: /Bantama, Kumasi/ })).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(field).toHaveValue('Bantama'));
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText(/Street, house or landmark/)).toHaveValue('Bantama');
    await next();
    await screen.findByRole('heading', { name: 'When do you need it?' });
    const saved = JSON.parse(window.localStorage.getItem(draftKey('user-1')) ?? '{}');
    expect(JSON.stringify(saved)).toContain('"city":"Kumasi"');
    expect(JSON.stringify(saved)).toContain('"latitude":6.703');
  });

  it('keeps the draft per user across a reload, on the same step, until Start over', async () => {
    const user = userEvent.setup();
    renderForm('/tasks/create');
    await fillWhat(user);
    await next();
    await screen.findByRole('heading', { name: 'Where is the job?' });
    cleanup();

    // Another person on this browser starts from nothing.
    renderForm('/post-job', 'user-2');
    expect(await screen.findByRole('heading', { name: 'What do you need done?' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Job title')).toHaveValue('');
    expect(screen.queryByText('We kept your draft from last time.')).not.toBeInTheDocument();
    cleanup();

    renderForm('/post-job');
    expect(await screen.findByText('We kept your draft from last time.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Where is the job?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(await screen.findByLabelText('Job title')).toHaveValue('Fix a leaking kitchen tap');
    expect(screen.getByLabelText('Category')).toHaveValue('plumbing');

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText('Job title')).toHaveValue('');
    expect(window.localStorage.getItem(draftKey('user-1'))).toBeNull();
  });
});
