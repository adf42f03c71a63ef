import type { AuthMode } from '@adwuma/shared';
import type { AnchorHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';

/**
 * The /auth address of a mode (spec 2: mode=signup, forgot-password, reset-password; sign-in has
 * none), keeping returnTo, intent=provider (sign-up) and email (sign-in).
 */
export function authModeHref(
  next: AuthMode,
  keep: { returnTo: string | null; intentProvider: boolean; email?: string | undefined },
): string {
  const query = authModeParams(next, keep).toString();
  return query ? `/auth?${query}` : '/auth';
}

export function authModeParams(
  next: AuthMode,
  keep: { returnTo: string | null; intentProvider: boolean; email?: string | undefined },
): URLSearchParams {
  const query = new URLSearchParams();
  if (next !== 'signin') query.set('mode', next);
  if (keep.returnTo) query.set('returnTo', keep.returnTo);
  if (keep.intentProvider && next === 'signup') query.set('intent', 'provider');
  if (keep.email && next === 'signin') query.set('email', keep.email);
  return query;
}

/** A plain click (not a new tab or window), which the app handles in place. */
function plainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export const MODE_LINK_CLASS =
  'text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-500';

/**
 * A mode switch that is a real link (issue 30): before the app has hydrated the browser follows it
 * (the server renders /auth in that mode); after, the click switches in place.
 */
export function ModeLink({
  href,
  onSwitch,
  className = MODE_LINK_CLASS,
  children,
  ref,
  ...rest
}: {
  href: string;
  onSwitch: () => void;
  className?: string;
  children: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
} & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick' | 'className' | 'children'>) {
  return (
    <a
      ref={ref}
      href={href}
      className={className}
      onClick={(event) => {
        if (!plainClick(event)) return;
        event.preventDefault();
        onSwitch();
      }}
      {...rest}
    >
      {children}
    </a>
  );
}
