import { SLOW_LOADING_MS } from '@adwuma/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingScreen } from './loading-screen.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('LoadingScreen (spec 2 generic screens)', () => {
  it('shows the loading text, then after 10 s says it is taking longer, with Try Again', () => {
    const onRetry = vi.fn();
    render(<LoadingScreen onRetry={onRetry} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile...');
    expect(screen.getByText('Preparing your onboarding experience')).toBeInTheDocument();
    expect(screen.queryByText('Taking longer than expected')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(SLOW_LOADING_MS - 1));
    expect(screen.queryByText('Taking longer than expected')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert')).toHaveTextContent('Taking longer than expected');
    expect(
      screen.getByText('The request is taking longer than usual. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading your profile...')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('stops its timer when it leaves the screen', () => {
    const { unmount } = render(<LoadingScreen />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
