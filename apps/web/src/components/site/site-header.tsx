import { Menu, X } from 'lucide-react';
import { type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { HeaderAccountContext } from './chrome-context.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import { HEADER_LINKS, JOIN_AS_PROVIDER_HREF, type NavItem } from './nav.ts';
import { SiteLink } from './site-link.tsx';
import { type Text, useSiteText } from './site-text.ts';
import { ThemeToggle } from './theme-toggle.tsx';

/** Log In / Sign Up (spec 2 header, signed out). */
export function SignedOutButtons({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useSiteText();
  return (
    <>
      <SiteLink
        href="/auth"
        className="whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold text-fg hover:bg-muted"
        onClick={onNavigate}
      >
        {t('header.logIn')}
      </SiteLink>
      <SiteLink
        href="/auth?mode=signup"
        className="whitespace-nowrap rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        onClick={onNavigate}
      >
        {t('header.signUp')}
      </SiteLink>
    </>
  );
}

export type { HeaderAccount, HeaderAccountProps } from './chrome-context.ts';
export { HeaderAccountContext };

const useVisitorLinks = (): readonly NavItem[] => HEADER_LINKS;
const useRoomyBar = () => false;

/** A link's label, and its unread count (the count is read out as "N unread"). */
function NavLabel({ link, t }: { link: NavItem; t: Text }) {
  const label = t(`nav.${link.key}`);
  if (!link.badge) return label;
  return (
    <>
      {label}
      <span className="ml-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs font-bold leading-none text-white">
        <span aria-hidden="true">{link.badge > 9 ? '9+' : link.badge}</span>
        <span className="sr-only">{t('header.unread', { count: link.badge })}</span>
      </span>
    </>
  );
}

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
  const { t, language } = useSiteText();
  // Twi's nav labels are longer than English's: the links move into the menu below 1536 px, not
  // 1280 (whole class names, for Tailwind to find).
  const roomy = language === 'en';
  const useCrowdedBar = provided?.useCrowdedBar ?? useRoomyBar;
  const crowded = useCrowdedBar();

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
      <JoinAsProvider key={link.key} className={className} onNavigate={close}>
        {t(`nav.${link.key}`)}
      </JoinAsProvider>
    ) : (
      <SiteLink key={link.key} href={link.href} className={className} onClick={onClick}>
        <NavLabel link={link} t={t} />
      </SiteLink>
    );
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-bg/95 backdrop-blur supports-[backdrop-filter]:bg-bg/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <SiteLink href="/landing" aria-label={t('home')} onClick={close}>
          <Logo />
        </SiteLink>
        <nav
          aria-label={t('header.main')}
          className={`hidden items-center gap-1 ${roomy ? 'xl:flex' : '2xl:flex'}`}
        >
          {links.map((link) =>
            navLink(
              link,
              'whitespace-nowrap rounded-full px-3 py-2 text-sm font-medium text-muted-fg hover:bg-muted hover:text-fg',
            ),
          )}
        </nav>
        <div className="flex items-center gap-1.5 sm:gap-2">
          {/* Issue 21: at every width, except on a phone whose bar the signed-in buttons fill (the
              switch is then in the phone menu below and in the account menu). */}
          <div className={crowded ? 'hidden sm:flex' : 'flex'}>
            <LanguageSwitch />
          </div>
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
            className={`inline-flex h-10 w-10 items-center justify-center rounded-full border border-border ${roomy ? 'xl:hidden' : '2xl:hidden'}`}
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t('header.closeMenu') : t('header.openMenu')}
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
          aria-label={t('header.mobile')}
          className={`border-t border-border bg-bg px-4 pb-4 ${roomy ? 'xl:hidden' : '2xl:hidden'}`}
        >
          <ul className="flex flex-col py-2">
            {links.map((link) => (
              <li key={link.key}>
                {navLink(
                  link,
                  'block w-full rounded-lg px-3 py-3 text-left text-base font-medium text-fg hover:bg-muted',
                  close,
                )}
              </li>
            ))}
          </ul>
          <div className="flex items-center justify-between gap-3 border-t border-border px-3 py-3 sm:hidden">
            <span className="text-sm font-medium text-muted-fg">{t('header.theme')}</span>
            <ThemeToggle />
          </div>
          <div className="flex items-center justify-between gap-3 border-t border-border px-3 py-3 sm:hidden">
            <span className="text-sm font-medium text-muted-fg">{t('common:language.label')}</span>
            <LanguageSwitch />
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
