// Issue 21: the owner's job page in Twi (src/locales/ak/jobs.json): the bids, their order, the
// manage box, and the hiring and cancel dialogs with the price, the day and the place filled in.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadLanguage } from '../../../i18n/index.ts';
import { json, makeMe, stubFetch } from '../../auth/test/fixtures.tsx';
import { renderRoutes } from '../../search/test/fixtures.tsx';
import { bid, detail, JOB_ID, job } from '../test/fixtures.ts';
import { JobPage } from './job-page.tsx';

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
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

describe('/task/:id for the owner, in Twi', () => {
  it('shows the bids, the manage box and the hiring and cancel dialogs in Twi', async () => {
    const user = userEvent.setup();
    const kofi = bid({
      price: 25000,
      provider: { name: 'Kofi Boateng', rating: 4.2, total_reviews: 3, verified: true, slug: null },
    });
    const esi = bid({
      price: 38000,
      provider: { name: 'Esi Owusu', rating: 4.9, total_reviews: 40, verified: false, slug: null },
    });
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('customer'));
      if (req.path === `/api/jobs/${JOB_ID}` && req.method === 'GET')
        return json(200, detail({ job: job({ bids_count: 2 }), bids: [esi, kofi] }));
      return undefined;
    });
    renderRoutes([{ path: '/task/:id', Component: JobPage }], `/task/${JOB_ID}`);

    const list = (await screen.findByRole('heading', { name: /Bo a wɔabɔ/ })).closest(
      'section',
    ) as HTMLElement;
    expect(within(list).getByRole('combobox', { name: 'Hyehyɛ bo no ɛnam' })).toBeInTheDocument();
    expect(within(list).getByRole('option', { name: 'Bo a ɛba fam koraa' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hwɛ adwuma yi so' })).toBeInTheDocument();
    expect(screen.getByText(/Ɛda hɔ ma bo bɔ kosi/)).toHaveTextContent('Bo 2 a ɛrekɔ so a wobɛtoto ho.');
    expect(screen.getByRole('link', { name: 'Sesa adwuma no' })).toBeInTheDocument();

    // Hiring asks first, in Twi, with the price and the place.
    await user.click(within(list).getByRole('button', { name: 'Fa Kofi Boateng wɔ GH₵ 250.00' }));
    const hire = await screen.findByRole('dialog', { name: 'Wopɛ sɛ wofa Kofi Boateng?' });
    expect(hire).toHaveTextContent('Mo gye GH₵ 250.00 tom.');
    expect(hire).toHaveTextContent('wɔ Kumasi');
    expect(within(hire).getByRole('button', { name: 'Fa no wɔ GH₵ 250.00' })).toBeInTheDocument();
    await user.click(within(hire).getByRole('button', { name: 'Ennya' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Twa adwuma no mu' }));
    const cancel = await screen.findByRole('dialog', { name: 'Wopɛ sɛ wotwa adwuma yi mu?' });
    expect(within(cancel).getByRole('button', { name: 'Gyaw no hɔ' })).toBeInTheDocument();

    // Nothing of the owner's view is left in English.
    for (const english of ['Bids', 'Manage this job', 'Cancel job', 'Not yet', 'Keep it', 'Sort bids by']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });
});
