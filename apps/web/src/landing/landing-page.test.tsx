import { act, render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { HERO_HEADLINES } from './hero-experiment.ts';
import { LandingPage } from './landing-page.tsx';
import { render as prerender } from './prerender.tsx';

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
    for (const value of ['400+', '50+', '4.3', '20+']) {
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
});
