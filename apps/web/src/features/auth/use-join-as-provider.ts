import { useCallback, useContext } from 'react';
import { useNavigate } from 'react-router';
import { PROVIDER_SIGNUP_PATH } from '../../lib/routes.ts';
import { useSession } from './auth-provider.tsx';
import { JoinAsProviderContext } from './join-as-provider-context.ts';

/**
 * 'Join as Provider': signed out → provider sign-up (spec 4 "Other"); signed in → first the
 * "Also offer services?" confirmation (issue 22, docs/decisions/017), which marks the person a
 * provider and opens onboarding only on "Start provider setup".
 */
export function useJoinAsProvider(): () => Promise<void> {
  const navigate = useNavigate();
  const { user } = useSession();
  const open = useContext(JoinAsProviderContext);
  return useCallback(async () => {
    if (!user) {
      navigate(PROVIDER_SIGNUP_PATH);
      return;
    }
    open?.();
  }, [user, navigate, open]);
}
