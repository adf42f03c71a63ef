import { JOB_LIMITS, type JobDetailResponse, type Role, textMessages } from '@adwuma/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, type Handler, json, makeMe, stubFetch } from '../../auth/test/fixtures.tsx';
import { CATEGORIES, renderRoutes } from '../../search/test/fixtures.tsx';
import { detail, JOB_ID, job } from '../test/fixtures.ts';
import { EditJobPage } from './edit-job-page.tsx';

const PHOTO = { id: 'ph-1', url: '/p.webp', thumb_url: '/t.webp', width: 1, height: 1 };

function renderEdit(answer: JobDetailResponse, handler: Handler = () => undefined, role: Role = 'customer') {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe(role));
    if (req.path === '/api/categories') return json(200, CATEGORIES);
    if (req.path === '/api/onboarding/location') return json(200, { location: null });
    if (req.path === `/api/jobs/${JOB_ID}` && req.method === 'GET') return json(200, answer);
    return handler(req);
  });
  const view = renderRoutes(
    [
      { path: '/task/:id/edit', Component: EditJobPage },
      { path: '/task/:id', Component: () => <h1>The job page</h1> },
    ],
    `/task/${JOB_ID}/edit`,
  );
  return { ...view, fetchMock };
}

/** The PATCH calls (the GETs of the same path carry no body). */
const patches = (fetchMock: ReturnType<typeof stubFetch>) =>
  callsTo(fetchMock, `/api/jobs/${JOB_ID}`).filter((c) => c.body !== undefined);

const done = () => userEvent.click(screen.getByRole('button', { name: 'Done' }));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  Element.prototype.scrollIntoView = vi.fn();
  window.localStorage.clear();
});

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/task/:id/edit', () => {
  it('opens on the job as posted, edits sections with the shared rules, and saves only what changed', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderEdit(detail({ job: job({ photos: [PHOTO] }) }), (req) => {
      if (req.path === `/api/jobs/${JOB_ID}` && req.method === 'PATCH') {
        return json(200, { job: job({ title: 'Fix a leaking bathroom tap' }) });
      }
      return undefined;
    });

    expect(await screen.findByRole('heading', { name: 'Edit job' })).toBeInTheDocument();
    const summary = await screen.findByRole('heading', { name: 'Your job' });
    const form = summary.closest('form') as HTMLElement;
    expect(within(form).getByText('Fix a leaking kitchen tap')).toBeInTheDocument();
    expect(within(form).getByText('12 Asokwa Road, Kumasi')).toBeInTheDocument();
    expect(within(form).getByText('GH₵ 200.00 – GH₵ 400.00')).toBeInTheDocument();
    expect(within(form).getByText('1 photo · changed on the job page')).toBeInTheDocument();
    // Not a walk through steps: no progress, and the way back is the job.
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the job/ })).toHaveAttribute('href', `/task/${JOB_ID}`);
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `/task/${JOB_ID}`);

    // What: prefilled, checked before going back to the summary.
    await user.click(screen.getByRole('button', { name: 'Edit what' }));
    expect(await screen.findByRole('heading', { name: 'What do you need done?' })).toBeInTheDocument();
    const title = screen.getByLabelText('Job title');
    expect(title).toHaveValue('Fix a leaking kitchen tap');
    expect(screen.getByLabelText('Category')).toHaveValue('plumbing');
    await user.clear(title);
    await user.type(title, 'Tap');
    await done();
    expect(await screen.findByText(textMessages.minLength(JOB_LIMITS.titleMin))).toBeInTheDocument();
    expect(title).toHaveFocus();
    await user.clear(title);
    await user.type(title, 'Fix a leaking bathroom tap');
    await done();
    expect(await screen.findByRole('heading', { name: 'Your job' })).toBeInTheDocument();
    expect(screen.getByText('Fix a leaking bathroom tap')).toBeInTheDocument();

    // When: flexible now.
    await user.click(screen.getByRole('button', { name: 'Edit when' }));
    await user.click(await screen.findByRole('radio', { name: /I'm flexible/ }));
    await done();

    // Budget: the amounts as typed in GH₵; photos stay on the job page.
    await user.click(await screen.findByRole('button', { name: 'Edit budget and photos' }));
    expect(await screen.findByRole('heading', { name: 'Budget' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Minimum budget/)).toHaveValue('200');
    const most = screen.getByLabelText(/Maximum budget/);
    expect(most).toHaveValue('400');
    expect(screen.getByText('Photos are added and removed on the job page.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Add photos/)).not.toBeInTheDocument();
    await user.clear(most);
    await user.type(most, '450.50');
    await done();
    expect(await screen.findByText('GH₵ 200.00 – GH₵ 450.50')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Save changes/ }));
    expect(await screen.findByRole('heading', { name: 'The job page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/task/${JOB_ID}`);
    expect(await screen.findByText('Your changes are saved.')).toBeInTheDocument();
    expect(patches(fetchMock).map((c) => c.body)).toEqual([
      { title: 'Fix a leaking bathroom tap', when_type: 'flexible', date_start: null, budget_max: 45050 },
    ]);
    // An edit keeps no draft in this browser.
    expect(window.localStorage.length).toBe(0);
  });

  it('shows a field the server refuses on its step', async () => {
    const user = userEvent.setup();
    renderEdit(detail(), (req) => {
      if (req.method === 'PATCH') {
        return json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'date_start: The date cannot be in the past',
            details: { fields: [{ field: 'date_start', message: 'The date cannot be in the past' }] },
          },
        });
      }
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Edit what' }));
    await user.type(screen.getByLabelText('Job title'), ' today');
    await done();
    await user.click(await screen.findByRole('button', { name: /Save changes/ }));
    expect(await screen.findByRole('heading', { name: 'When do you need it?' })).toBeInTheDocument();
    expect(screen.getByText('The date cannot be in the past')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveFocus();
  });

  it('goes back without a request when nothing changed', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderEdit(detail());
    await user.click(await screen.findByRole('button', { name: /Save changes/ }));
    expect(await screen.findByRole('heading', { name: 'The job page' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing changed.')).toBeInTheDocument();
    expect(patches(fetchMock)).toHaveLength(0);
  });

  it('refuses a job that is no longer open, and a job that is not yours', async () => {
    renderEdit(detail({ job: job({ status: 'hired' }) }));
    expect(
      await screen.findByRole('heading', { name: 'This job can no longer be edited' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the job' })).toHaveAttribute('href', `/task/${JOB_ID}`);
    cleanup();

    renderEdit(detail({ viewer: 'provider', bids: null, can_bid: true }), undefined, 'service_provider');
    expect(await screen.findByRole('heading', { name: 'Job not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save changes/ })).not.toBeInTheDocument();
  });
});
