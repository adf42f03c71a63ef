import { AlertOctagon } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../lib/error-reporting.ts';
import { ReloadScreen } from './screen-shell.tsx';

export const GLOBAL_CRASH_TEXT = {
  title: 'Something went wrong',
  message: "We're sorry, but something unexpected happened.",
  reload: 'Reload Page',
} as const;

/** Spec 2 "Global crash": the whole app failed; the only way on is a reload. */
export function GlobalCrashScreen() {
  return (
    <ReloadScreen
      icon={<AlertOctagon aria-hidden="true" className="h-7 w-7" />}
      title={GLOBAL_CRASH_TEXT.title}
      message={GLOBAL_CRASH_TEXT.message}
      reload={GLOBAL_CRASH_TEXT.reload}
    />
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
