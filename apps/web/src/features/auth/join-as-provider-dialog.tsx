import type { ActiveRole } from '@adwuma/shared';
import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { becomeProvider } from './api/become-provider.ts';
import { JoinAsProviderContext } from './join-as-provider-context.ts';
import { ONBOARDING_WELCOME_PATH } from './paths.ts';

// The confirmation is downloaded when Join as Provider is pressed, not with every page (issue 20).
const JoinAsProviderDialog = lazy(() => import('./join-as-provider-confirm.tsx'));

/**
 * Holds the Join as Provider confirmation for the whole app, so it outlives the menu that opened
 * it. Start marks the person a provider (spec 4 "Other": role explorer, type provider), switches to
 * the provider view (decision 021) and opens onboarding even if marking fails; Cancel changes nothing.
 */
export function JoinAsProviderHost({
  refresh,
  chooseView,
  children,
}: {
  refresh: () => Promise<unknown>;
  /** Keeps the view without the role check (the new role is read after marking). */
  chooseView: (view: ActiveRole) => void;
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
    let marked = false;
    try {
      await becomeProvider();
      marked = true;
      // The provider view, honoured once the new role is read.
      chooseView('provider');
    } catch {
      // Spec: onboarding opens whether or not the marking worked; it retries there.
    }
    // Onboarding first, then the new role: read on the page the person left, it would let that
    // page's gate send them to their next step instead (the provider view gates every protected page).
    navigate(ONBOARDING_WELCOME_PATH);
    try {
      if (marked) await refresh();
    } catch {
      // the session is read again on the next page anyway
    } finally {
      busyRef.current = false;
      setBusy(false);
      setOpen(false);
    }
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
