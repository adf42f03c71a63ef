import { AlertOctagon, RefreshCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../lib/error-reporting.ts';
import { Button } from '../ui/button.tsx';
import { ScreenShell } from './screen-shell.tsx';

export const GLOBAL_CRASH_TEXT = {
  title: 'Something went wrong',
  message: "We're sorry, but something unexpected happened.",
  reload: 'Reload Page',
} as const;

/** Spec 2 "Global crash": the whole app failed; the only way on is a reload. */
export function GlobalCrashScreen() {
  return (
    <ScreenShell
      fullScreen
      role="alert"
      tone="danger"
      icon={<AlertOctagon aria-hidden="true" className="h-7 w-7" />}
      title={GLOBAL_CRASH_TEXT.title}
      actions={
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" /> {GLOBAL_CRASH_TEXT.reload}
        </Button>
      }
    >
      <p>{GLOBAL_CRASH_TEXT.message}</p>
    </ScreenShell>
  );
}

/** Outermost boundary: anything no inner boundary caught ends here, reported as critical. */
export class GlobalErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError({
      error,
      type: 'GlobalCrash',
      severity: 'critical',
      componentName: 'App',
      context: { componentStack: info.componentStack?.slice(0, 4000) ?? null },
    });
  }

  override render() {
    return this.state.failed ? <GlobalCrashScreen /> : this.props.children;
  }
}
