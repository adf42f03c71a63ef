import { LANGUAGE_COOKIE } from '@adwuma/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from '../../components/site/site-footer.tsx';
import { HeaderAccountContext, SiteHeader } from '../../components/site/site-header.tsx';
import { i18n } from '../../i18n/index.ts';
import { callsTo, json, makeMe, renderWithSession, SIGNED_OUT, stubFetch } from '../auth/test/fixtures.tsx';
import { headerAccount } from './account-menu.tsx';

type MeBody = ReturnType<typeof makeMe>;

function renderChrome(me: MeBody | null) {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return me ? json(200, me) : SIGNED_OUT();
    if (req.path === '/api/messages/unread') return json(200, { messages: 0 });
    if (req.path === '/api/profile' && req.method === 'PATCH') return json(200, { profile: {} });
    return undefined;
  });
  renderWithSession(
    [
      {
        path: '*',
        element: (
          <HeaderAccountContext.Provider value={headerAccount}>
            <SiteHeader />
            <SiteFooter />
          </HeaderAccountContext.Provider>
        ),
      },
    ],
    '/search',
  );
  return fetchMock;
}

const withLanguage = (language: 'en' | 'ak' | null): MeBody => {
  const me = makeMe('customer');
  return { ...me, preferred_language: language, profile: { ...me.profile, preferred_language: language } };
};

/** Sets (or, with '', clears) the device's language cookie, as the switch does. */
function setCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the plain cookie is what the server reads
  document.cookie = `${LANGUAGE_COOKIE}=${value}; Path=/${value ? '' : '; Max-Age=0'}`;
}

const cookie = () => new RegExp(`${LANGUAGE_COOKIE}=(\\w+)`).exec(document.cookie)?.[1] ?? null;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
  setCookie('');
  document.documentElement.lang = 'en-GH';
});

describe('the language switch in the header (issue 21)', () => {
  it('a visitor switches to Twi at once: header and footer speak Twi, the page and the cookie say so, no account call', async () => {
    const user = userEvent.setup();
    const fetchMock = renderChrome(null);
    await screen.findByRole('link', { name: 'Log In' });
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Made in Ghana for Ghana.');

    await user.click(screen.getByRole('button', { name: 'Switch to Twi' }));

    expect(await screen.findByRole('link', { name: 'Wura mu' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Kyerɛw wo din' })).toBeInTheDocument();
    const main = within(screen.getByRole('navigation', { name: 'Titiriw' }));
    expect(main.getByRole('link', { name: 'Hwehwɛ adwumayɛfoɔ' })).toHaveAttribute('href', '/search');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Yɛyɛɛ no wɔ Ghana ma Ghana.');
    expect(document.documentElement.lang).toBe('ak-GH');
    expect(cookie()).toBe('ak');
    expect(callsTo(fetchMock, '/api/profile')).toEqual([]);

    // And back: the button now offers English, in English.
    await user.click(screen.getByRole('button', { name: 'Sesa kɔ English' }));
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-GH');
    expect(cookie()).toBe('en');
  });

  it('signed in, the switch also tells the account (PATCH /api/profile preferred_language)', async () => {
    const user = userEvent.setup();
    setCookie('en');
    const fetchMock = renderChrome(withLanguage('en'));
    await screen.findByRole('button', { name: /Account menu/ });

    await user.click(screen.getByRole('button', { name: 'Switch to Twi' }));

    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/profile').map((c) => c.body)).toEqual([{ preferred_language: 'ak' }]),
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Titiriw' })).getByRole('link', {
        name: 'Fa adwuma to hɔ',
      }),
    ).toHaveAttribute('href', '/post-job');
    expect(cookie()).toBe('ak');
  });

  it('the account menu has the switch too, both languages with the current one pressed', async () => {
    const user = userEvent.setup();
    setCookie('en');
    const fetchMock = renderChrome(withLanguage('en'));
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    const group = within(screen.getByRole('group', { name: 'Language' }));
    expect(group.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(group.getByRole('button', { name: 'Twi' }));

    const twiGroup = within(await screen.findByRole('group', { name: 'Kasa' }));
    expect(twiGroup.getByRole('button', { name: 'Twi' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: /Profile ne ahobammɔ/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fi mu' })).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/profile').map((c) => c.body)).toEqual([{ preferred_language: 'ak' }]),
    );
  });
});

describe("the account's language (issue 21)", () => {
  it('a device with no choice of its own takes the language the account chose', async () => {
    renderChrome(withLanguage('ak'));
    expect(await screen.findByRole('button', { name: 'Sesa kɔ English' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ak-GH');
    expect(cookie()).toBe('ak');
  });

  it("a device that chose keeps its choice, whatever the account's", async () => {
    setCookie('en');
    const fetchMock = renderChrome(withLanguage('ak'));
    await screen.findByRole('button', { name: /Account menu/ });
    // The signed-in bar (where the sync lives) has loaded and run its effect.
    await screen.findByRole('button', { name: 'Switch to Twi' });
    expect(i18n.language).toBe('en');
    expect(callsTo(fetchMock, '/api/profile')).toEqual([]);
  });

  it("an account that never chose takes the device's choice", async () => {
    setCookie('en');
    const fetchMock = renderChrome(withLanguage(null));
    await screen.findByRole('button', { name: /Account menu/ });
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/profile').map((c) => c.body)).toEqual([{ preferred_language: 'en' }]),
    );
  });
});
