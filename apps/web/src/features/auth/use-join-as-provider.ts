import { ACTIVE_ROLE_STORAGE_KEY } from '@adwuma/shared';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PROVIDER_SIGNUP_PATH } from '../../lib/routes.ts';
import { safeStorage } from '../../lib/storage.ts';
import { becomeProvider } from './api/become-provider.ts';
import { useSession } from './auth-provider.tsx';
import { ONBOARDING_WELCOME_PATH } from './guards.tsx';

/**
 * Spec 4 "Other", header 'Join as Provider': signed out → provider sign-up; signed in → marked a
 * provider and sent to /onboarding/welcome, even if marking fails.
 */
export function useJoinAsProvider(): () => Promise<void> {
  const navigate = useNavigate();
  const { user, refresh } = useSession();
  const busy = useRef(false);
  return useCallback(async () => {
    if (!user) {
      navigate(PROVIDER_SIGNUP_PATH);
      return;
    }
    if (busy.current) return;
    busy.current = true;
    try {
      await becomeProvider();
      // The provider view is restored from storage once the new role is read.
      safeStorage.set(ACTIVE_ROLE_STORAGE_KEY, 'provider');
      await refresh();
    } catch {
      // Spec: onboarding opens whether or not the marking worked; it retries there.
    } finally {
      busy.current = false;
    }
    navigate(ONBOARDING_WELCOME_PATH);
  }, [user, navigate, refresh]);
}
