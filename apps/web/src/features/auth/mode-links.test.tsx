import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authModeHref, ModeLink } from './mode-links.tsx';

describe('the /auth mode links (issue 30)', () => {
  it('name the mode in the query and keep returnTo, intent=provider (sign-up) and email (sign-in)', () => {
    const keep = { returnTo: '/tasks?tab=hired', intentProvider: true };
    expect(authModeHref('signup', keep)).toBe(
      '/auth?mode=signup&returnTo=%2Ftasks%3Ftab%3Dhired&intent=provider',
    );
    expect(authModeHref('signin', { ...keep, email: 'ama@example.com' })).toBe(
      '/auth?returnTo=%2Ftasks%3Ftab%3Dhired&email=ama%40example.com',
    );
    expect(authModeHref('forgot-password', { returnTo: null, intentProvider: false })).toBe(
      '/auth?mode=forgot-password',
    );
    expect(authModeHref('signin', { returnTo: null, intentProvider: false })).toBe('/auth');
  });

  it('is a real link; a plain click switches in place, a click for a new tab is left to the browser', () => {
    const onSwitch = vi.fn();
    render(
      <ModeLink href="/auth?mode=signup" onSwitch={onSwitch}>
        Create one
      </ModeLink>,
    );
    const link = screen.getByRole('link', { name: 'Create one' });
    expect(link).toHaveAttribute('href', '/auth?mode=signup');
    expect(fireEvent.click(link)).toBe(false);
    expect(onSwitch).toHaveBeenCalledTimes(1);
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(onSwitch).toHaveBeenCalledTimes(1);
  });
});
