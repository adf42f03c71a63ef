import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { HEADER_LINKS, type NavItem, signedInNavLinks } from '../../components/site/nav.ts';
import {
  type HeaderAccount,
  type HeaderAccountProps,
  SignedOutButtons,
} from '../../components/site/site-header.tsx';
import { SiteLink } from '../../components/site/site-link.tsx';
import { useJoinAsProvider, useOptionalSession } from '../auth/index.ts';
import { unreadMessagesQuery } from '../realtime/index.ts';
import { useAppSiteText } from './language.ts';

/** The bell and the account menu, downloaded once someone is signed in (visitors never need them). */
const SignedInBar = lazy(() => import('./signed-in-bar.tsx'));

function AccountPlaceholder() {
  return <span aria-hidden="true" className="h-10 w-10 animate-pulse rounded-full bg-muted sm:w-40" />;
}

/** What the header shows in its account area: Log In / Sign Up, a placeholder while loading, or the menu. */
export function HeaderAccountSlot({ placement, onNavigate }: HeaderAccountProps) {
  const session = useOptionalSession();
  const status = session?.status ?? 'signed_out';
  if (status === 'loading') return placement === 'bar' ? <AccountPlaceholder /> : null;
  if (status === 'signed_in')
    return placement === 'bar' ? (
      <Suspense fallback={<AccountPlaceholder />}>
        <SignedInBar />
      </Suspense>
    ) : null;
  return placement === 'bar' ? (
    <div className="hidden items-center gap-2 sm:flex">
      <SignedOutButtons onNavigate={onNavigate} />
    </div>
  ) : (
    <div className="flex gap-2 sm:hidden">
      <SignedOutButtons onNavigate={onNavigate} />
    </div>
  );
}

interface JoinAsProviderProps {
  className: string;
  onNavigate: () => void;
  children: ReactNode;
}

/** Header 'Join as Provider': a link for visitors; for signed-in people a button that marks them provider. */
export function JoinAsProviderLink({ className, onNavigate, children }: JoinAsProviderProps) {
  const session = useOptionalSession();
  if (!session?.user) {
    return (
      <SiteLink href="/auth?mode=signup&intent=provider" className={className} onClick={onNavigate}>
        {children}
      </SiteLink>
    );
  }
  return (
    <JoinAsProviderButton className={className} onNavigate={onNavigate}>
      {children}
    </JoinAsProviderButton>
  );
}

function JoinAsProviderButton({ className, onNavigate, children }: JoinAsProviderProps) {
  const join = useJoinAsProvider();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        onNavigate();
        void join();
      }}
    >
      {children}
    </button>
  );
}

const NO_LINKS: readonly NavItem[] = [];

/** Issue 22: the header's links for the signed-in person (nav.ts decides which), or null. */
export function useSignedInNavLinks(): readonly NavItem[] | null {
  const session = useOptionalSession();
  const signedIn = session?.status === 'signed_in' && session.role !== null;
  const unread = useQuery({ ...unreadMessagesQuery(), enabled: signedIn });
  if (!session || !signedIn || session.role === null) return null;
  return signedInNavLinks(
    {
      view: session.activeRole,
      isAdmin: session.isAdmin,
      canJoinAsProvider: session.role === 'customer',
    },
    unread.data?.messages ?? 0,
  );
}

/** Visitors keep spec 2's links; while the session is read, none (no marketing links flashing past). */
function useHeaderNavLinks(): readonly NavItem[] {
  const session = useOptionalSession();
  const links = useSignedInNavLinks();
  if (links) return links;
  return session?.status === 'loading' ? NO_LINKS : HEADER_LINKS;
}

export const headerAccount: HeaderAccount = {
  Account: HeaderAccountSlot,
  JoinAsProvider: JoinAsProviderLink,
  useNavLinks: useHeaderNavLinks,
  useText: useAppSiteText,
  useCrowdedBar: () => useOptionalSession()?.status === 'signed_in',
};
