import type { Severity } from '@adwuma/shared';
import { ArrowLeft, Bug, Home, RotateCcw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../lib/error-reporting.ts';
import { ROUTES } from '../../lib/routes.ts';
import { Badge, type BadgeTone } from '../ui/badge.tsx';
import { Button, buttonClasses } from '../ui/button.tsx';
import { ScreenShell } from './screen-shell.tsx';

export const COMPONENT_ERROR_TEXT = {
  title: 'Something went wrong',
  message: 'This part of the page stopped working. You can try again, or carry on elsewhere.',
  reported: 'This error has been automatically reported to our development team.',
  tryAgain: 'Try Again',
  back: 'Go Back',
  home: 'Go Home',
} as const;

const SEVERITY_LABEL: Record<Severity, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

const SEVERITY_TONE: Record<Severity, BadgeTone> = {
  critical: 'danger',
  high: 'danger',
  medium: 'brand',
  low: 'neutral',
};

export function ComponentErrorFallback({
  error,
  severity,
  onReset,
}: {
  error: Error;
  severity: Severity;
  onReset: () => void;
}) {
  return (
    <ScreenShell
      role="alert"
      tone="danger"
      icon={<Bug aria-hidden="true" className="h-7 w-7" />}
      title={COMPONENT_ERROR_TEXT.title}
      actions={
        <>
          <Button onClick={onReset}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" /> {COMPONENT_ERROR_TEXT.tryAgain}
          </Button>
          <Button variant="outline" onClick={() => window.history.back()}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {COMPONENT_ERROR_TEXT.back}
          </Button>
          {/* A full-page load: it also clears whatever state broke the page. */}
          <a href={ROUTES.home} className={buttonClasses({ variant: 'outline' })}>
            <Home aria-hidden="true" className="h-4 w-4" /> {COMPONENT_ERROR_TEXT.home}
          </a>
        </>
      }
    >
      <p className="flex items-center justify-center gap-2">
        <span className="text-xs font-semibold uppercase tracking-wide">Severity</span>
        <Badge tone={SEVERITY_TONE[severity]}>{SEVERITY_LABEL[severity]}</Badge>
      </p>
      <p className="mt-3">{COMPONENT_ERROR_TEXT.message}</p>
      <p className="mt-3 text-xs">{COMPONENT_ERROR_TEXT.reported}</p>
      {import.meta.env.DEV && (
        <p className="mt-3 rounded-lg bg-muted px-3 py-2 text-left font-mono text-xs break-words">
          {error.message}
        </p>
      )}
    </ScreenShell>
  );
}

/** The first component named in React's component stack: where the render failed. */
export function componentFromStack(stack: string | null | undefined): string | undefined {
  const match = stack?.match(/^\s*(?:at\s+)?([A-Z][\w$.]*)/m);
  return match?.[1];
}

interface Props {
  children: ReactNode;
  /** Names the area in reports; defaults to the failing component from React's stack. */
  name?: string;
  severity?: Severity;
  /** When any of these change, a shown error is cleared (e.g. the location). */
  resetKeys?: readonly unknown[];
}

interface State {
  error: Error | null;
}

/**
 * Spec 2 "Component error": catches a render failure below it, reports it (spec 8: render errors go
 * to log_frontend_error) and shows the severity, Try Again, Go Back and Go Home.
 */
export class ComponentErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError({
      error,
      type: 'ComponentError',
      severity: this.props.severity ?? 'high',
      componentName: this.props.name ?? componentFromStack(info.componentStack),
      context: { componentStack: info.componentStack?.slice(0, 4000) ?? null },
    });
  }

  override componentDidUpdate(prev: Props) {
    if (this.state.error && !sameKeys(prev.resetKeys, this.props.resetKeys)) this.reset();
  }

  reset = () => this.setState({ error: null });

  override render() {
    if (this.state.error) {
      return (
        <ComponentErrorFallback
          error={this.state.error}
          severity={this.props.severity ?? 'high'}
          onReset={this.reset}
        />
      );
    }
    return this.props.children;
  }
}

function sameKeys(a: readonly unknown[] = [], b: readonly unknown[] = []): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}
