import { isLanguage, type Language } from '@adwuma/shared';
import { useCallback, useEffect, useMemo } from 'react';
import { useSiteI18n } from '../../components/site/site-i18n.ts';
import type { SiteText } from '../../components/site/site-text.ts';
import { rememberedLanguage, setLanguage, useLanguage } from '../../i18n/index.ts';
import { api } from '../../lib/api.ts';
import { useOptionalSession } from '../auth/index.ts';

/** Remembers the account's language (PATCH /api/profile); a failure leaves the device's choice. */
export async function saveAccountLanguage(language: Language): Promise<void> {
  try {
    await api('/api/profile', { method: 'PATCH', json: { preferred_language: language } });
  } catch {
    // The page has switched and the device remembers it; the account learns it next time.
  }
}

type MeWithLanguage = {
  preferred_language?: string | null;
  profile?: { preferred_language?: string | null } | null;
};

/** The account's remembered language, if it chose one. */
export function accountLanguage(me: MeWithLanguage | null | undefined): Language | null {
  const value = me?.preferred_language ?? me?.profile?.preferred_language ?? null;
  return isLanguage(value) ? value : null;
}

/**
 * The app's words for the site chrome and its language switch (HeaderAccount.useText): switches
 * the page at once (setLanguage: cookie + localStorage) and, signed in, tells the account.
 */
export function useAppSiteText(): SiteText {
  const { t } = useSiteI18n();
  const language = useLanguage();
  const session = useOptionalSession();
  const signedIn = session?.status === 'signed_in';
  const switchLanguage = useCallback(
    (next: Language) => {
      void setLanguage(next);
      if (signedIn) void saveAccountLanguage(next);
    },
    [signedIn],
  );
  return useMemo(
    () => ({ t: (key, values) => t(key, values ?? {}), language, switchLanguage }),
    [t, language, switchLanguage],
  );
}

/**
 * Signed in (mounted with the signed-in bar): a device with no choice of its own takes the
 * account's language; an account with none takes the device's choice.
 */
export function useAccountLanguageSync(): void {
  const session = useOptionalSession();
  const current = useLanguage();
  const me = session?.status === 'signed_in' ? session.me : null;
  const saved = accountLanguage(me as MeWithLanguage | null);
  const userId = me?.user.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per account (and its saved choice)
  useEffect(() => {
    if (!userId) return;
    const device = rememberedLanguage();
    if (saved && device === null && saved !== current) void setLanguage(saved);
    else if (!saved && device !== null) void saveAccountLanguage(device);
  }, [userId, saved]);
}
