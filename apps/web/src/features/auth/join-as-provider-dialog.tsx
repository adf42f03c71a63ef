import { ACTIVE_ROLE_STORAGE_KEY, PROVIDER_SETUP_TEXT } from '@adwuma/shared';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { safeStorage } from '../../lib/storage.ts';
import { becomeProvider } from './api/become-provider.ts';
import { JoinAsProviderContext } from './join-as-provider-context.ts';
import { ONBOARDING_WELCOME_PATH } from './paths.ts';

/** "Also offer services?": what Join as Provider asks a signed-in person first (issue 22). */
export function JoinAsProviderDialog({
  busy,
  onStart,
  onCancel,
}: {
  busy: boolean;
  onStart: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      title={PROVIDER_SETUP_TEXT.dialogTitle}
      description={PROVIDER_SETUP_TEXT.dialogBody}
      onClose={() => (busy ? undefined : onCancel())}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          {PROVIDER_SETUP_TEXT.cancel}
        </Button>
        <Button busy={busy} onClick={onStart}>
          {PROVIDER_SETUP_TEXT.start}
        </Button>
      </div>
    </Dialog>
  );
}

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
        <JoinAsProviderDialog busy={busy} onStart={() => void start()} onCancel={() => setOpen(false)} />
      )}
    </JoinAsProviderContext.Provider>
  );
}
