// Issue 21: the post-job form in Twi (src/locales/ak/jobs.json): its heading, steps, labels and
// buttons, walking from the first step to the second.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadLanguage } from '../../../i18n/index.ts';
import { json, makeMe, stubFetch } from '../../auth/test/fixtures.tsx';
import { CATEGORIES, renderRoutes } from '../../search/test/fixtures.tsx';
import { PostJobPage } from './post-job-page.tsx';

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  Element.prototype.scrollIntoView = vi.fn();
  await loadLanguage('ak');
  await i18n.changeLanguage('ak');
});

vi.setConfig({ testTimeout: 30_000 });

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/post-job in Twi', () => {
  it('asks each step in Twi', async () => {
    const user = userEvent.setup();
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('customer'));
      if (req.path === '/api/categories') return json(200, CATEGORIES);
      if (req.path === '/api/onboarding/location') return json(200, { location: null });
      if (req.path === '/api/directory/cities') return json(200, { cities: [] });
      return undefined;
    });
    renderRoutes([{ path: '/post-job', Component: PostJobPage }], '/post-job');

    expect(await screen.findByRole('heading', { level: 1, name: 'Fa adwuma gu so' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Dɛn na wopɛ sɛ wɔyɛ ma wo?' })).toBeInTheDocument();
    expect(screen.getByText(/Anammɔn 1 wɔ 5 mu/)).toBeInTheDocument();

    await user.selectOptions(await screen.findByLabelText('Nkyekyɛmu'), 'plumbing');
    await user.type(screen.getByLabelText('Adwuma no din'), 'Fix a leaking kitchen tap');
    await user.type(
      screen.getByLabelText('Nkyerɛmu'),
      'The kitchen tap drips all night and the pipe under the sink is wet.',
    );
    await user.click(screen.getByRole('button', { name: /Toa so/ }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Ɛhe na adwuma no wɔ?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /San w'akyi/ })).toBeInTheDocument();
    expect(screen.queryByText('Post a job')).not.toBeInTheDocument();
  });
});
