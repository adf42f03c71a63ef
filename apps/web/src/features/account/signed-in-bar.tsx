import { type ActiveRole, isProviderLike } from '@adwuma/shared';
import {
  ChevronDown,
  Heart,
  Landmark,
  LayoutDashboard,
  ListPlus,
  LogOut,
  Receipt,
  ShieldCheck,
  UserRound,
  Wallet,
} from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Avatar, initialsOf } from '../../components/ui/avatar.tsx';
import { DataSaverSwitch } from '../../components/ui/data-saver-switch.tsx';
import { VerifiedBadge } from '../../components/ui/verified-badge.tsx';
import { ROUTES } from '../../lib/routes.ts';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { useSession } from '../auth/index.ts';
import { HeaderInbox } from '../notifications/index.ts';
import { useAccountText } from './i18n.ts';
import { useAccountLanguageSync } from './language.ts';
import { LanguageChoice } from './language-choice.tsx';
import { RoleBadge } from './role-badge.tsx';

// The signed-in part of the header (the bell and the account menu), loaded by account-menu.tsx for
// signed-in people only: a visitor's first download carries none of it (issue 20).

const VIEWS: ActiveRole[] = ['customer', 'provider'];

function MenuLink({
  to,
  icon,
  children,
  onClick,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  onClick: () => void;
}) {
  return (
    <Link
      to={to}
      onClick={onClick}
      className="flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium text-fg hover:bg-muted"
    >
      {icon}
      {children}
    </Link>
  );
}

/** Spec 2 header, signed in: the email, a role badge, Dashboard, Log out, and the view switch. */
export function AccountMenu() {
  const { me, role, isAdmin, activeRole, canSwitchView, setActiveRole, signOut, isLoggingOut } = useSession();
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useAccountText();
  // Decision 020: the customer view is the way out of provider setup, so switching to it from an
  // onboarding screen goes on to the dashboard; elsewhere the page stays (the gate decides).
  const switchView = (view: ActiveRole) => {
    setActiveRole(view);
    if (view === 'customer' && pathname.startsWith(ROUTES.onboarding)) navigate(ROUTES.dashboard);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes whenever the page changes
  useEffect(() => setOpen(false), [pathname]);

  useDismiss(open, closeMenu, rootRef, triggerRef);

  if (!me || !role) return null;
  const name = me.profile.full_name || me.user.name || me.user.email || '';
  const avatar = me.profile.avatar_url ?? me.user.image;
  const close = () => setOpen(false);

  return (
    <div ref={rootRef} className="relative">
      {/* Named by its content, not aria-label: the name starts with the initials on screen (axe
          label-content-name-mismatch), e.g. "EA — Account menu for Efua Admin". */}
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-full border border-border p-0.5 hover:bg-muted sm:pr-2"
      >
        {avatar ? (
          <Avatar src={avatar} name={name} className="h-9 w-9 text-sm" />
        ) : (
          <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
            {initialsOf(name)}
          </span>
        )}{' '}
        <span className="sr-only">
          {avatar ? '' : '— '}
          {t('menu.triggerFor', { name })}
        </span>
        <span aria-hidden="true" className="hidden max-w-32 truncate text-sm font-semibold md:inline">
          {name.split(' ')[0]}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={`hidden h-4 w-4 text-muted-fg transition-transform sm:block ${open ? 'rotate-180' : ''}`}
        />
      </button>
      {open && (
        <div
          id={panelId}
          className="fixed inset-x-2 top-[4.25rem] z-50 rounded-2xl border border-border bg-card p-2 shadow-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-80"
        >
          <div className="flex items-center gap-3 px-3 py-3">
            <Avatar src={avatar} name={name} className="h-11 w-11 text-base" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-fg">{name}</p>
              <p className="truncate text-sm text-muted-fg">{me.user.email ?? me.phone_number}</p>
              <span className="mt-1 flex flex-wrap items-center gap-1">
                <RoleBadge role={role} />
                {me.profile.verified && <VerifiedBadge />}
              </span>
            </div>
          </div>
          {canSwitchView && (
            <fieldset className="border-t border-border px-3 py-3">
              <legend className="float-left mb-2 w-full text-xs font-semibold uppercase tracking-wider text-muted-fg">
                {t('menu.switchView')}
              </legend>
              <div className="clear-both grid grid-cols-2 gap-1 rounded-full bg-muted p-1">
                {VIEWS.map((view) => (
                  <button
                    key={view}
                    type="button"
                    aria-pressed={activeRole === view}
                    onClick={() => switchView(view)}
                    className={`min-h-9 rounded-full text-sm font-semibold ${
                      activeRole === view ? 'bg-card text-fg shadow-sm' : 'text-muted-fg hover:text-fg'
                    }`}
                  >
                    {t(`views.${view}`)}
                  </button>
                ))}
              </div>
            </fieldset>
          )}
          <LanguageChoice />
          <DataSaverSwitch className="border-t border-border px-3 py-3" />
          <nav aria-label={t('menu.nav')} className="grid gap-0.5 border-t border-border py-2">
            <MenuLink
              to={ROUTES.dashboard}
              onClick={close}
              icon={<LayoutDashboard aria-hidden="true" className="h-4 w-4 text-muted-fg" />}
            >
              {t('menu.dashboard')}
            </MenuLink>
            <MenuLink
              to={ROUTES.profile}
              onClick={close}
              icon={<UserRound aria-hidden="true" className="h-4 w-4 text-muted-fg" />}
            >
              {t('menu.profile')}
            </MenuLink>
            {role !== null && isProviderLike(role) && (
              <MenuLink
                to={ROUTES.postService}
                onClick={close}
                icon={<ListPlus aria-hidden="true" className="h-4 w-4 text-muted-fg" />}
              >
                {t('menu.services')}
              </MenuLink>
            )}
            {role !== null && isProviderLike(role) && (
              <>
                <MenuLink
                  to={ROUTES.earnings}
                  onClick={close}
                  icon={<Wallet aria-hidden="true" className="h-4 w-4 text-muted-fg" />}
                >
                  {t('menu.earnings')}
                </MenuLink>
                <MenuLink
                  to={ROUTES.payoutSettings}
                  onClick={close}
                  icon={<Landmark aria-hidden="true" className="h-4 w-4 text-muted-fg" />}
                >
                  {t('menu.payouts')}
                </MenuLink>
              </>
            )}
            <MenuLink
              to={ROUTES.payments}
              onClick={close}
              icon={<Receipt aria-hidden="true" className="h-4 w-4 text-muted-fg" />}
            >
              {t('menu.payments')}
            </MenuLink>
            <MenuLink
              to={ROUTES.favorites}
              onClick={close}
              icon={<Heart aria-hidden="true" className="h-4 w-4 text-muted-fg" />}
            >
              {t('menu.favorites')}
            </MenuLink>
            {isAdmin && (
              <MenuLink
                to={ROUTES.admin}
                onClick={close}
                icon={<ShieldCheck aria-hidden="true" className="h-4 w-4 text-muted-fg" />}
              >
                {t('menu.admin')}
              </MenuLink>
            )}
          </nav>
          <div className="border-t border-border pt-2">
            <button
              type="button"
              disabled={isLoggingOut}
              onClick={() => {
                close();
                void signOut();
              }}
              className="flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-sm font-semibold text-danger hover:bg-danger/10 disabled:opacity-60"
            >
              <LogOut aria-hidden="true" className="h-4 w-4" />
              {t('menu.logOut')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** The header bar's account area for a signed-in person: the notifications bell and the menu. */
export default function SignedInBar() {
  useAccountLanguageSync();
  return (
    <>
      <HeaderInbox />
      <AccountMenu />
    </>
  );
}
