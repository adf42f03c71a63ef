import { AUTH_DELAYS, ROLE_LABELS, signInUrl } from '@adwuma/shared';
import {
  Activity,
  BadgeCheck,
  Banknote,
  Building2,
  CreditCard,
  FileWarning,
  Flag,
  LayoutDashboard,
  Mail,
  Scale,
  ShieldAlert,
  ShieldCheck,
  ShieldX,
  Users,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ScreenShell } from '../../components/screens/screen-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { currentPath } from '../../lib/session.ts';
import { RoleBadge } from '../account/index.ts';
import { useSession } from '../auth/index.ts';
import { useActiveInView } from './admin-ui.tsx';

/** Spec 2 "Admin-only" wrapper texts, exactly. */
export const ADMIN_TEXT = {
  verifyingTitle: 'Verifying Admin Access',
  verifyingBody: 'Checking your administrative privileges...',
  authErrorTitle: 'Authentication Error',
  authErrorBody: 'There was an error verifying your authentication status.',
  retry: 'Retry Authentication',
  deniedTitle: 'Access Denied',
  deniedBody: "You don't have administrator privileges to access this area.",
  currentRole: 'Current role',
  adminStatus: 'Admin status',
  none: 'None',
  yes: 'Yes',
  no: 'No',
  goBack: 'Go Back',
  goDashboard: 'Go to Dashboard',
  contact: 'Contact your system administrator if you believe this is an error.',
  banner: 'Admin Mode Active • Enhanced security enabled',
} as const;

function AdminAuthError() {
  return (
    <ScreenShell
      role="alert"
      tone="danger"
      icon={<ShieldAlert aria-hidden="true" className="h-7 w-7" />}
      title={ADMIN_TEXT.authErrorTitle}
      actions={<Button onClick={() => window.location.reload()}>{ADMIN_TEXT.retry}</Button>}
    >
      <p>{ADMIN_TEXT.authErrorBody}</p>
    </ScreenShell>
  );
}

function AccessDenied() {
  const { role, isAdmin } = useSession();
  const navigate = useNavigate();
  useDocumentTitle(ADMIN_TEXT.deniedTitle);
  return (
    <ScreenShell
      role="alert"
      tone="danger"
      icon={<ShieldX aria-hidden="true" className="h-7 w-7" />}
      title={ADMIN_TEXT.deniedTitle}
      actions={
        <>
          <Button variant="outline" onClick={() => navigate(-1)}>
            {ADMIN_TEXT.goBack}
          </Button>
          <Button onClick={() => navigate(ROUTES.dashboard)}>{ADMIN_TEXT.goDashboard}</Button>
        </>
      }
    >
      <p>{ADMIN_TEXT.deniedBody}</p>
      <dl className="mx-auto mt-4 grid max-w-xs grid-cols-2 gap-x-4 gap-y-2 rounded-xl bg-muted p-4 text-left text-sm">
        <dt className="text-muted-fg">{ADMIN_TEXT.currentRole}</dt>
        <dd className="font-semibold text-fg">{role ? ROLE_LABELS[role] : ADMIN_TEXT.none}</dd>
        <dt className="text-muted-fg">{ADMIN_TEXT.adminStatus}</dt>
        <dd className="font-semibold text-fg">{isAdmin ? ADMIN_TEXT.yes : ADMIN_TEXT.no}</dd>
      </dl>
      <p className="mt-4 text-xs">{ADMIN_TEXT.contact}</p>
    </ScreenShell>
  );
}

/**
 * Spec 2 admin wrapper: waits for the session (giving up after 8 s), sends signed-out visitors to
 * sign in, refuses non-admins with Access Denied, and shows the admin banner above the content.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { status, me, isAdmin, role, isLoggingOut } = useSession();
  const location = useLocation();
  const [gaveUp, setGaveUp] = useState(false);
  const loading = status === 'loading';

  useEffect(() => {
    if (!loading) return;
    const timer = window.setTimeout(() => setGaveUp(true), AUTH_DELAYS.adminLoadingGiveUpMs);
    return () => window.clearTimeout(timer);
  }, [loading]);

  if (loading && !gaveUp) {
    return (
      <ScreenShell role="status" icon={<Spinner className="h-7 w-7" />} title={ADMIN_TEXT.verifyingTitle}>
        <p>{ADMIN_TEXT.verifyingBody}</p>
      </ScreenShell>
    );
  }
  if (loading || status === 'error') return <AdminAuthError />;
  if (!me) {
    if (isLoggingOut) return null;
    return <Navigate to={signInUrl(currentPath(location))} replace />;
  }
  if (!isAdmin) return <AccessDenied />;
  return (
    <>
      <div role="status" className="border-b border-red-900/20 bg-red-700 text-white dark:bg-red-900">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm sm:px-6">
          <ShieldCheck aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span className="font-semibold">{ADMIN_TEXT.banner}</span>
          <span className="flex min-w-0 items-center gap-2 sm:ml-auto">
            <span className="truncate text-white/90">{me.user.email}</span>
            {role && <RoleBadge role={role} className="!bg-white/15 !text-white !ring-white/30" />}
          </span>
        </div>
      </div>
      {children}
    </>
  );
}

const ADMIN_NAV = [
  { to: ROUTES.adminDashboard, label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: ROUTES.adminUsers, label: 'Users', icon: Users, end: false },
  { to: ROUTES.adminReview, label: 'Verification', icon: BadgeCheck, end: false },
  { to: ROUTES.adminDisputes, label: 'Disputes', icon: Scale, end: false },
  { to: ROUTES.adminReports, label: 'Reports', icon: Flag, end: false },
  { to: ROUTES.adminSubscriptions, label: 'Subscriptions', icon: CreditCard, end: false },
  { to: ROUTES.adminMoney, label: 'Money', icon: Banknote, end: false },
  { to: ROUTES.adminEnterpriseLeads, label: 'Enterprise leads', icon: Building2, end: false },
  { to: ROUTES.adminLogs, label: 'Logs', icon: FileWarning, end: false },
  { to: ROUTES.adminActivity, label: 'Activity', icon: Activity, end: false },
  { to: ROUTES.adminOutbox, label: 'Outbox', icon: Mail, end: false },
] as const;

/**
 * The admin sections. From sm up the tabs wrap; on a phone they scroll sideways in one row, the
 * current section scrolled into view (mounted only once the guard lets the admin in, so the row
 * exists when it is measured).
 */
function AdminNav() {
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  useActiveInView(navRef, pathname);
  return (
    <nav
      ref={navRef}
      aria-label="Admin"
      className="relative -mx-4 overflow-x-auto px-4 [scrollbar-width:none] sm:mx-0 sm:overflow-visible sm:px-0"
    >
      <ul className="inline-flex min-w-max gap-0.5 rounded-full border border-border bg-card p-1 sm:flex sm:w-fit sm:min-w-0 sm:max-w-full sm:flex-wrap sm:rounded-3xl">
        {ADMIN_NAV.map(({ to, label, icon: Icon, end }) => {
          const active = end
            ? pathname === to || pathname === ROUTES.admin || pathname === `${ROUTES.admin}/`
            : pathname.startsWith(to);
          return (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                aria-current={active ? 'page' : undefined}
                className={`flex min-h-10 items-center gap-1.5 whitespace-nowrap rounded-full px-3 text-sm font-semibold sm:px-2.5 ${
                  active ? 'bg-brand-600 text-white' : 'text-muted-fg hover:bg-muted hover:text-fg'
                }`}
              >
                <Icon aria-hidden="true" className="h-4 w-4" />
                {label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The admin area: the wrapper, the section tabs, and the page. */
export function AdminArea() {
  return (
    <AdminGuard>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
        <AdminNav />
        <div className="mt-6">
          <Outlet />
        </div>
      </div>
    </AdminGuard>
  );
}
