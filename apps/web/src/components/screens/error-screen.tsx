import { AlertTriangle } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { ScreenShell } from './screen-shell.tsx';

export const ERROR_TEXT = {
  title: 'Something went wrong',
  message: 'We encountered an error while loading your data.',
  retry: 'Try Again',
} as const;

/** Spec 2 "Generic screens" Error: for data that failed to load, with Try Again. */
export function ErrorScreen({
  title = ERROR_TEXT.title,
  message = ERROR_TEXT.message,
  detail,
  onRetry,
  retrying = false,
}: {
  title?: string;
  message?: string;
  /** A specific reason, shown under the generic message (e.g. the API's message). */
  detail?: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <ScreenShell
      role="alert"
      tone="danger"
      icon={<AlertTriangle aria-hidden="true" className="h-7 w-7" />}
      title={title}
      actions={
        <Button onClick={onRetry ?? (() => window.location.reload())} busy={retrying}>
          {ERROR_TEXT.retry}
        </Button>
      }
    >
      <p>{message}</p>
      {detail && <p className="mt-2 text-xs">{detail}</p>}
    </ScreenShell>
  );
}
