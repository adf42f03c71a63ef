import { AUTH_TEXT, type AuthMode, DEFAULT_CLAIM_VALUES } from '@adwuma/shared';
import { BadgeCheck, MapPin, ShieldAlert, Star, Users } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { ScreenShell } from '../../components/screens/screen-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AppLink } from '../../components/ui/button-link.tsx';
import { ROUTES } from '../../lib/routes.ts';
import { FullScreenState } from './components/full-screen-state.tsx';
import { sayAuthText, useAuthText } from './i18n.ts';
import { ModeLink } from './mode-links.tsx';
import { useJoinAsProvider } from './use-join-as-provider.ts';

// The presentational parts of the /auth screen (auth-page.tsx holds the flow).

export function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5">
      <path
        fill="#4285F4"
        d="M22.5 12.27c0-.79-.07-1.54-.2-2.27H12v4.3h5.9a5.05 5.05 0 0 1-2.2 3.31v2.75h3.56c2.08-1.92 3.24-4.74 3.24-8.09z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.75c-.99.66-2.25 1.06-3.72 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.84 14.12a6.6 6.6 0 0 1 0-4.24V7.04H2.18a11 11 0 0 0 0 9.92l3.66-2.84z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.04l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

const HIGHLIGHTS = [
  {
    icon: Users,
    title: 'brand.providers',
    value: DEFAULT_CLAIM_VALUES.providers,
    text: 'brand.providersText',
  },
  { icon: MapPin, title: 'brand.cities', value: '', text: 'brand.citiesText' },
  { icon: Star, title: 'brand.rating', value: DEFAULT_CLAIM_VALUES.rating, text: 'brand.ratingText' },
  { icon: BadgeCheck, title: 'brand.verified', value: '', text: 'brand.verifiedText' },
] as const;

export function BrandPanel({ provider }: { provider: boolean }) {
  const { t } = useAuthText();
  return (
    <aside className="relative hidden overflow-hidden rounded-3xl bg-brand-700 p-10 text-white lg:block">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-br from-brand-600 via-brand-700 to-brand-800 [mask-image:linear-gradient(to_bottom,black,transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 h-24 opacity-30 [background-image:repeating-linear-gradient(90deg,#fbbf24_0_14px,#16a34a_14px_20px,transparent_20px_34px,#fde68a_34px_38px,transparent_38px_52px)]"
      />
      <div className="relative">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">{t('brand.tagline')}</p>
        <h2 className="mt-3 text-4xl font-extrabold leading-tight tracking-tight">
          {provider ? t('brand.headlineProvider') : t('brand.headline')}
        </h2>
        <ul className="mt-8 grid gap-5">
          {HIGHLIGHTS.map(({ icon: Icon, title, value, text }) => (
            <li key={title} className="flex gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-white/15">
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <span>
                <span className="block font-semibold">{t(title, { value })}</span>
                <span className="block text-sm text-white/80">{t(text)}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

/** Signed-in visitors who followed a provider sign-up link are marked provider instead. */
export function JoinAsProviderRedirect() {
  const join = useJoinAsProvider();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void join();
  }, [join]);
  const { t } = useAuthText();
  return <FullScreenState title={t('page.settingUp')} />;
}

/** The failure screen after a service error or a Google start that did not work. */
export function AuthErrorScreen({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  const { t } = useAuthText();
  return (
    <ScreenShell
      role="alert"
      tone="danger"
      icon={<ShieldAlert aria-hidden="true" className="h-7 w-7" />}
      title={t('page.errorTitle')}
      actions={<Button onClick={onRetry}>{t('page.tryAgain')}</Button>}
    >
      <p>{sayAuthText(message ?? AUTH_TEXT.unexpected, t)}</p>
    </ScreenShell>
  );
}

const TABS = [
  { mode: 'signin', label: 'tabs.signin' },
  { mode: 'signup', label: 'tabs.signup' },
] as const;

/**
 * Sign in / Sign up tabs; the arrow keys move between them (WAI-ARIA tabs pattern). Each tab is a
 * link to its mode (issue 30), so it works before the app has hydrated.
 */
export function AuthTabs({
  mode,
  onSwitch,
  hrefFor,
}: {
  mode: AuthMode;
  onSwitch: (mode: AuthMode) => void;
  hrefFor: (mode: AuthMode) => string;
}) {
  const { t } = useAuthText();
  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const onTabKey = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = (index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    const tab = TABS[next];
    if (!tab) return;
    onSwitch(tab.mode);
    tabRefs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t('tabs.label')}
      className="mb-6 grid grid-cols-2 gap-1 rounded-full bg-muted p-1"
    >
      {TABS.map((tab, index) => {
        const selected = mode === tab.mode;
        return (
          <ModeLink
            key={tab.mode}
            ref={(el: HTMLAnchorElement | null) => {
              tabRefs.current[index] = el;
            }}
            href={hrefFor(tab.mode)}
            role="tab"
            id={`auth-tab-${tab.mode}`}
            aria-selected={selected}
            aria-controls="auth-panel"
            tabIndex={selected ? 0 : -1}
            onKeyDown={(event) => onTabKey(event, index)}
            onSwitch={() => !selected && onSwitch(tab.mode)}
            className={`inline-flex min-h-10 items-center justify-center rounded-full px-4 text-sm font-semibold transition-colors ${
              selected ? 'bg-card text-fg shadow-sm' : 'text-muted-fg hover:text-fg'
            }`}
          >
            {t(tab.label)}
          </ModeLink>
        );
      })}
    </div>
  );
}

/** Under the form: the switch to the other tab, and the terms line on sign-up. */
export function AuthFooter({
  mode,
  showTabs,
  onSwitch,
  hrefFor,
}: {
  mode: AuthMode;
  showTabs: boolean;
  onSwitch: (mode: AuthMode) => void;
  hrefFor: (mode: AuthMode) => string;
}) {
  const { t } = useAuthText();
  return (
    <>
      {showTabs && (
        <p className="mt-6 text-center text-sm text-muted-fg">
          {mode === 'signin' ? t('footer.noAccount') : t('footer.haveAccount')}{' '}
          <ModeLink
            href={hrefFor(mode === 'signin' ? 'signup' : 'signin')}
            onSwitch={() => onSwitch(mode === 'signin' ? 'signup' : 'signin')}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-500"
          >
            {mode === 'signin' ? t('footer.createOne') : t('footer.signInInstead')}
          </ModeLink>
        </p>
      )}
      {mode === 'signup' && (
        <p className="mt-3 text-center text-xs text-muted-fg">
          {t('footer.agree')}{' '}
          <AppLink to={ROUTES.terms} className="underline">
            {t('footer.terms')}
          </AppLink>{' '}
          {t('footer.and')}{' '}
          <AppLink to={ROUTES.privacy} className="underline">
            {t('footer.privacy')}
          </AppLink>
          .
        </p>
      )}
    </>
  );
}
