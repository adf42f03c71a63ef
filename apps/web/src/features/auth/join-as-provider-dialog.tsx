import { ACTIVE_ROLE_STORAGE_KEY } from '@adwuma/shared';
import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { safeStorage } from '../../lib/storage.ts';
import { becomeProvider } from './api/become-provider.ts';
import { JoinAsProviderContext } from './join-as-provider-context.ts';
import { ONBOARDING_WELCOME_PATH } from './paths.ts';

// The confirmation is downloaded when Join as Provider is pressed, not with every page (issue 20).
const JoinAsProviderDialog = lazy(() => import('./join-as-provider-confirm.tsx'));

/**
 * Holds the Join as Provider confirmation for the whole app, so it outlives the menu that opened
 * it. Start marks the person a provider (spec 4 "Other": role explorer, type provider) and opens
 * onboarding even if marking fails; Cancel changes nothing.
 */
export function JoinAsProviderHost({
  refresh,
  children,
}: {
  refresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const show = useCallback(() => setOpen(true), []);

  const start = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await becomeProvider();
      // The provider view is restored from storage once the new role is read.
      safeStorage.set(ACTIVE_ROLE_STORAGE_KEY, 'provider');
      await refresh();
    } catch {
      // Spec: onboarding opens whether or not the marking worked; it retries there.
    } finally {
      busyRef.current = false;
      setBusy(false);
      setOpen(false);
    }
    navigate(ONBOARDING_WELCOME_PATH);
  };

  return (
    <JoinAsProviderContext.Provider value={show}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <JoinAsProviderDialog busy={busy} onStart={() => void start()} onCancel={() => setOpen(false)} />
        </Suspense>
      )}
    </JoinAsProviderContext.Provider>
  );
}
