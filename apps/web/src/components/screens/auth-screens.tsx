import { ShieldAlert } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { ScreenShell } from './screen-shell.tsx';

export const AUTH_SCREEN_TEXT = {
  errorTitle: 'Authentication Error',
  errorMessage: 'There was an error verifying your authentication status.',
  retry: 'Retry',
  verifying: 'Verifying session...',
} as const;

/** Spec 2 "Generic screens": 'Authentication Error' with Retry, which reloads the page. */
export function AuthErrorScreen({
  message = AUTH_SCREEN_TEXT.errorMessage,
  retryLabel = AUTH_SCREEN_TEXT.retry,
  fullScreen = false,
}: {
  message?: string;
  retryLabel?: string;
  fullScreen?: boolean;
}) {
  return (
    <ScreenShell
      fullScreen={fullScreen}
      role="alert"
      tone="danger"
      icon={<ShieldAlert aria-hidden="true" className="h-7 w-7" />}
      title={AUTH_SCREEN_TEXT.errorTitle}
      actions={<Button onClick={() => window.location.reload()}>{retryLabel}</Button>}
    >
      <p>{message}</p>
    </ScreenShell>
  );
}

/** Spec 2 "Generic screens": 'Verifying session...' while the session is checked. */
export function SessionCheckScreen({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <ScreenShell
      fullScreen={fullScreen}
      role="status"
      icon={<Spinner className="h-7 w-7" />}
      title={AUTH_SCREEN_TEXT.verifying}
    />
  );
}
