import { SLOW_LOADING_MS } from '@adwuma/shared';
import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { ScreenShell } from './screen-shell.tsx';

export const LOADING_TEXT = {
  title: 'Loading your profile...',
  message: 'Preparing your onboarding experience',
  slowTitle: 'Taking longer than expected',
  slowMessage: 'The request is taking longer than usual. Please try again.',
  retry: 'Try Again',
} as const;

/**
 * Spec 2 "Generic screens" Loading: a spinner with the given text; after SLOW_LOADING_MS (10 s) it
 * says the request is slow and offers Try Again (by default a reload).
 */
export function LoadingScreen({
  title = LOADING_TEXT.title,
  message = LOADING_TEXT.message,
  slowAfterMs = SLOW_LOADING_MS,
  onRetry,
  fullScreen = false,
}: {
  title?: string;
  message?: string;
  slowAfterMs?: number;
  onRetry?: () => void;
  fullScreen?: boolean;
}) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), slowAfterMs);
    return () => window.clearTimeout(timer);
  }, [slowAfterMs]);

  if (slow) {
    return (
      <ScreenShell
        fullScreen={fullScreen}
        role="alert"
        icon={<Clock aria-hidden="true" className="h-7 w-7" />}
        title={LOADING_TEXT.slowTitle}
        actions={<Button onClick={onRetry ?? (() => window.location.reload())}>{LOADING_TEXT.retry}</Button>}
      >
        <p>{LOADING_TEXT.slowMessage}</p>
      </ScreenShell>
    );
  }
  return (
    <ScreenShell fullScreen={fullScreen} role="status" icon={<Spinner className="h-7 w-7" />} title={title}>
      <p>{message}</p>
    </ScreenShell>
  );
}
