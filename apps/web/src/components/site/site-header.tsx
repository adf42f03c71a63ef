import { Menu, X } from 'lucide-react';
import {
  type ComponentType,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Logo } from './logo.tsx';
import { HEADER_LINKS, JOIN_AS_PROVIDER_HREF, type NavItem } from './nav.ts';
import { SiteLink } from './site-link.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/** Log In / Sign Up (spec 2 header, signed out). */
export function SignedOutButtons({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <SiteLink
        href="/auth"
        className="rounded-full px-4 py-2 text-sm font-semibold text-fg hover:bg-muted"
        onClick={onNavigate}
      >
        Log In
      </SiteLink>
      <SiteLink
        href="/auth?mode=signup"
        className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        onClick={onNavigate}
      >
        Sign Up
      </SiteLink>
    </>
  );
}

export interface HeaderAccountProps {
  /** 'bar': next to the menu button (every width); 'menu': inside the phone menu. */
  placement: 'bar' | 'menu';
  onNavigate: () => void;
}

export interface HeaderAccount {
  /** Signed-out buttons or the signed-in menu. */
  Account: ComponentType<HeaderAccountProps>;
  /** Replaces the 'Join as Provider' link (signed-in people are marked provider instead). */
  JoinAsProvider?: ComponentType<{ className: string; onNavigate: () => void; children: ReactNode }>;
  /**
   * The header's links for whoever is signed in (issue 22); visitors keep spec 2's HEADER_LINKS.
   * A hook: the context value is a module constant, so it is called on every render alike.
   */
  useNavLinks?: () => readonly NavItem[];
}

const useVisitorLinks = (): readonly NavItem[] => HEADER_LINKS;

/** A link's label, and its unread count (the count is read out as "N unread"). */
function NavLabel({ link }: { link: NavItem }) {
  if (!link.badge) return link.label;
  return (
    <>
      {link.label}
      <span className="ml-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs font-bold leading-none text-white">
        <span aria-hidden="true">{link.badge > 9 ? '9+' : link.badge}</span>
        <span className="sr-only">, {link.badge} unread</span>
      </span>
    </>
  );
}

/**
 * The app fills the header's account area through this context; the lean landing page provides
 * nothing and keeps plain Log In / Sign Up links (it must not load the app's auth code).
 */
export const HeaderAccountContext = createContext<HeaderAccount | null>(null);

/**
 * The site header (spec 2): nav items, and Log In / Sign Up for signed-out visitors. `account`
 * (or the app's HeaderAccountContext) replaces the sign-in buttons with the signed-in menu.
 */
export function SiteHeader({ account }: { account?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const provided = useContext(HeaderAccountContext);
  const useLinks = provided?.useNavLinks ?? useVisitorLinks;
  const links = useLinks();

  // Issue 22: Escape closes the phone menu from anywhere in it and puts focus back on its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const Account = account === undefined ? provided?.Account : undefined;
  const JoinAsProvider = provided?.JoinAsProvider;
  const authButtons = account ?? <SignedOutButtons onNavigate={close} />;
  const navLink = (link: NavItem, className: string, onClick?: () => void) =>
    JoinAsProvider && link.href === JOIN_AS_PROVIDER_HREF ? (
      <JoinAsProvider key={link.label} className={className} onNavigate={close}>
        {link.label}
      </JoinAsProvider>
    ) : (
      <SiteLink key={link.label} href={link.href} className={className} onClick={onClick}>
        <NavLabel link={link} />
      </SiteLink>
    );
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-bg/95 backdrop-blur supports-[backdrop-filter]:bg-bg/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <SiteLink href="/landing" aria-label="Adwuma home" onClick={close}>
          <Logo />
        </SiteLink>
        <nav aria-label="Main" className="hidden items-center gap-1 xl:flex">
          {links.map((link) =>
            navLink(
              link,
              'rounded-full px-3 py-2 text-sm font-medium text-muted-fg hover:bg-muted hover:text-fg',
            ),
          )}
        </nav>
        <div className="flex items-center gap-1.5 sm:gap-2">
          {/* On phones the theme switch sits in the menu, leaving the bar to the account. */}
          <div className="hidden sm:flex">
            <ThemeToggle />
          </div>
          {Account ? (
            <Account placement="bar" onNavigate={close} />
          ) : (
            <div className="hidden items-center gap-2 sm:flex">{authButtons}</div>
          )}
          <button
            ref={menuButtonRef}
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-border xl:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? (
              <X className="h-5 w-5" aria-hidden="true" />
            ) : (
              <Menu className="h-5 w-5" aria-hidden="true" />
            )}
          </button>
        </div>
      </div>
      {open && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-t border-border bg-bg px-4 pb-4 xl:hidden"
        >
          <ul className="flex flex-col py-2">
            {links.map((link) => (
              <li key={link.label}>
                {navLink(
                  link,
                  'block w-full rounded-lg px-3 py-3 text-left text-base font-medium text-fg hover:bg-muted',
                  close,
                )}
              </li>
            ))}
          </ul>
          <div className="flex items-center justify-between gap-3 border-t border-border px-3 py-3 sm:hidden">
            <span className="text-sm font-medium text-muted-fg">Theme</span>
            <ThemeToggle />
          </div>
          {Account ? (
            <Account placement="menu" onNavigate={close} />
          ) : (
            <div className="flex gap-2 sm:hidden">{authButtons}</div>
          )}
        </nav>
      )}
    </header>
  );
}
