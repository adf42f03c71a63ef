import { Menu, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Logo } from './logo.tsx';
import { HEADER_LINKS } from './nav.ts';
import { SiteLink } from './site-link.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/**
 * The site header (spec 2): nav items, and Log In / Sign Up for signed-out visitors. `account`
 * replaces the sign-in buttons once accounts exist (the signed-in menu).
 */
export function SiteHeader({ account }: { account?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const authButtons = account ?? (
    <>
      <SiteLink
        href="/auth"
        className="rounded-full px-4 py-2 text-sm font-semibold text-fg hover:bg-muted"
        onClick={close}
      >
        Log In
      </SiteLink>
      <SiteLink
        href="/auth?mode=signup"
        className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        onClick={close}
      >
        Sign Up
      </SiteLink>
    </>
  );
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-bg/95 backdrop-blur supports-[backdrop-filter]:bg-bg/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <SiteLink href="/landing" aria-label="Adwuma home" onClick={close}>
          <Logo />
        </SiteLink>
        <nav aria-label="Main" className="hidden items-center gap-1 xl:flex">
          {HEADER_LINKS.map((link) => (
            <SiteLink
              key={link.label}
              href={link.href}
              className="rounded-full px-3 py-2 text-sm font-medium text-muted-fg hover:bg-muted hover:text-fg"
            >
              {link.label}
            </SiteLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden items-center gap-2 sm:flex">{authButtons}</div>
          <button
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
            {HEADER_LINKS.map((link) => (
              <li key={link.label}>
                <SiteLink
                  href={link.href}
                  onClick={close}
                  className="block rounded-lg px-3 py-3 text-base font-medium text-fg hover:bg-muted"
                >
                  {link.label}
                </SiteLink>
              </li>
            ))}
          </ul>
          <div className="flex gap-2 sm:hidden">{authButtons}</div>
        </nav>
      )}
    </header>
  );
}
