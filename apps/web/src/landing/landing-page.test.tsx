import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HERO_HEADLINES } from './hero-experiment.ts';
import { LandingPage } from './landing-page.tsx';
import { pageMeta, render as prerender, renderHead } from './prerender.tsx';
import { LANDING_TEXT_ID, pageLandingText } from './text.ts';

describe('LandingPage', () => {
  it('has the spec sections in order: hero, why-choose, how-it-works, numbers, second waitlist form', () => {
    render(<LandingPage />);
    const names = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'))
      .filter(Boolean);
    expect(names).toEqual(['hero-title', 'why-title', 'how-title', 'numbers-title', 'join-title']);

    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    const hero = screen.getByRole('region', { name: /trusted hands for every job/i });
    expect(within(hero).getByLabelText("I'm just exploring")).toBeInTheDocument();
    const bottom = screen.getByRole('region', { name: 'Be the first to hire on Adwuma' });
    expect(within(bottom).getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(within(bottom).queryByLabelText("I'm just exploring")).not.toBeInTheDocument();
  });

  it('shows the four how-it-works steps, numbered, and the marketing claims', () => {
    render(<LandingPage />);
    const how = screen.getByRole('region', { name: 'How Adwuma works' });
    const items = within(how).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Search and browse',
      'Connect and hire',
      'Work together',
      'Review and rate',
    ]);
    items.forEach((li, index) => {
      expect(li).toHaveTextContent(`Step ${index + 1}`);
    });

    const numbers = screen.getByRole('region', { name: 'Adwuma in numbers' });
    for (const value of ['1,000+', '50+', '4.8', '20+']) {
      expect(within(numbers).getByText(value)).toBeInTheDocument();
    }
  });

  it('prerenders both hero headlines of the experiment into one heading, stacked in one cell', () => {
    const container = document.createElement('div');
    container.innerHTML = prerender();
    const h1 = container.querySelector('h1#hero-title')!;
    expect(h1.className).toContain('grid');
    const variants = [...h1.querySelectorAll('[data-hero-variant]')];
    expect(variants.map((v) => v.getAttribute('data-hero-variant'))).toEqual(['control', 'local']);
    for (const v of variants) {
      const { lead, accent } = HERO_HEADLINES[v.getAttribute('data-hero-variant') as 'control' | 'local'];
      expect(v.textContent).toBe(`${lead} ${accent}`);
      expect(v.className).toContain('col-start-1 row-start-1');
    }
    // The control is the headline the page had before the experiment; the local one names cities.
    expect(variants[0]!.textContent).toBe('Trusted hands for every job, from Accra to Tamale.');
    expect(variants[1]!.textContent).toMatch(/Accra, Kumasi and Tamale/);
  });

  it('prerenders to HTML that hydrates without a mismatch', async () => {
    const html = prerender();
    expect(html).toContain('Trusted hands for every job');
    expect(html).not.toContain('<script');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const onRecoverableError = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = await act(async () =>
      hydrateRoot(
        container,
        <StrictMode>
          <LandingPage />
        </StrictMode>,
        { onRecoverableError },
      ),
    );

    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // Hydrated: the submit buttons (disabled in the static HTML) are live.
    for (const button of within(container).getAllByRole('button', {
      name: /join the waitlist|get early access/i,
    })) {
      expect(button).toBeEnabled();
    }
    consoleError.mockRestore();
    act(() => root.unmount());
    container.remove();
  });

  it("states the operator's LANDING_CLAIMS when built with them, and hydrates keeping them", async () => {
    const html = prerender('en', 'providers=250+; rating=4.6');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const numbers = within(container).getByRole('region', { name: 'Adwuma in numbers' });
    for (const value of ['250+', '50+', '4.6', '20+'])
      expect(within(numbers).getByText(value)).toBeInTheDocument();
    expect(within(numbers).queryByText('1,000+')).toBeNull();

    // The browser's bundle knows only the shared claims: the served figures stay as they are.
    const onRecoverableError = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = await act(async () =>
      hydrateRoot(
        container,
        <StrictMode>
          <LandingPage />
        </StrictMode>,
        { onRecoverableError },
      ),
    );
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    for (const value of ['250+', '50+', '4.6', '20+'])
      expect(within(numbers).getByText(value)).toBeInTheDocument();
    expect(within(numbers).queryByText('1,000+')).toBeNull();
    act(() => root.unmount());
    container.remove();
  });

  it('refuses a malformed LANDING_CLAIMS at build time', () => {
    expect(() => prerender('en', 'providers=lots')).toThrow(/LANDING_CLAIMS: providers must be a figure/);
    expect(() => prerender('en', 'customers=5+')).toThrow(/LANDING_CLAIMS: unknown claim/);
  });
});

describe('LandingPage in Twi (issue 21)', () => {
  afterEach(() => {
    document.head.querySelector(`#${LANDING_TEXT_ID}`)?.remove();
    document.documentElement.lang = 'en-GH';
    // biome-ignore lint/suspicious/noDocumentCookie: clears the language cookie the switch set
    document.cookie = 'adwuma_lang=; Path=/; Max-Age=0';
  });

  it('prerenders in Twi: the hero, the chrome and the forms in Twi, with the brand and amounts as they are', () => {
    const html = prerender('ak');
    const container = document.createElement('div');
    container.innerHTML = html;
    const h1 = container.querySelector('h1#hero-title')!;
    expect(h1.textContent).toContain('Nsa a wotumi de wo ho to so ma adwuma biara');
    expect(h1.textContent).not.toContain('Trusted hands');
    expect(container.textContent).toContain('Akwaaba! Yɛabue wɔ nkuropɔn 20+ mu wɔ Ghana');
    expect(container.textContent).toContain('Kyerɛw wo din wɔ waitlist no so');
    expect(container.textContent).toContain('Yɛyɛɛ no wɔ Ghana ma Ghana.');
    expect(container.textContent).toContain('GH₵ 150.00');
    expect(within(container).getByRole('link', { name: 'Wura mu' })).toHaveAttribute('href', '/auth');
    // The switch offers English, in English.
    expect(within(container).getByRole('button', { name: 'Sesa kɔ English' })).toHaveTextContent('English');
    // English is unchanged.
    expect(prerender('en')).toBe(prerender());
  });

  it("carries its words in the head for the page's script, and <html lang>, title and description in Twi", () => {
    expect(renderHead('en')).toBe(renderHead());
    const head = renderHead('ak');
    expect(head.startsWith(renderHead())).toBe(true);
    const json = /<script type="application\/json" id="landing-text">([\s\S]*)<\/script>$/.exec(head)?.[1];
    expect(JSON.parse(json!).landing.hero.badge).toBe('Akwaaba! Yɛabue wɔ nkuropɔn 20+ mu wɔ Ghana');
    expect(json).not.toContain('<');
    expect(pageMeta('ak')).toMatchObject({ lang: 'ak-GH', title: expect.stringContaining('Hwehwɛ') });
    expect(pageMeta('en')).toEqual({
      lang: 'en-GH',
      title: 'Adwuma — Find trusted service providers in Ghana',
      description:
        'Adwuma connects customers in Ghana with trusted, verified service providers: hair and beauty, tutoring, plumbing, cleaning, design and more.',
      ogDescription: 'Hire verified providers near you, from hairdressers to plumbers. Join the waitlist.',
    });
  });

  it('the Twi page hydrates from its own words without a mismatch', async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      renderHead('ak').replace(/^<script>[\s\S]*?<\/script>/, ''),
    );
    document.documentElement.lang = 'ak-GH';
    const container = document.createElement('div');
    container.innerHTML = prerender('ak');
    document.body.append(container);
    const onRecoverableError = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = await act(async () =>
      hydrateRoot(
        container,
        <StrictMode>
          <LandingPage text={pageLandingText('ak')} />
        </StrictMode>,
        { onRecoverableError },
      ),
    );
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.querySelector('h1')!.textContent).toContain('efi Nkran kosi Tamale.');
    consoleError.mockRestore();
    act(() => root.unmount());
    container.remove();
  });

  it("the landing's switch remembers the choice in the cookie the server reads (then reloads)", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<LandingPage />);
    await user.click(screen.getByRole('button', { name: 'Switch to Twi' }));
    expect(document.cookie).toContain('adwuma_lang=ak');
    vi.restoreAllMocks();
  });
});
