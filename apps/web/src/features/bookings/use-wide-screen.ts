import { useSyncExternalStore } from 'react';

/** Tailwind's `lg`: where `/schedule` has room for seven day columns. */
export const WIDE_QUERY = '(min-width: 1024px)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia?.(WIDE_QUERY);
  media?.addEventListener?.('change', onChange);
  return () => media?.removeEventListener?.('change', onChange);
}

/** True on wide screens; false where the browser cannot tell (tests without matchMedia, SSR). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(WIDE_QUERY).matches ?? false,
    () => false,
  );
}
