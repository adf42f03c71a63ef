import type { FrontendErrorInput, Severity } from '@adwuma/shared';
import { sessionId } from './analytics.ts';

/**
 * Spec 7 log_frontend_error and spec 8 "Global handlers": boundaries and window handlers report
 * here, and reports go to POST /api/frontend-errors. A broken page can throw in a loop, so the client
 * holds its own budget (spec 9: 5 per 15 minutes) and drops a repeat of the same error for a while.
 */
export const REPORT_LIMIT = 5;
export const REPORT_WINDOW_MS = 15 * 60_000;
/** Spec 9 "in-flight dedupe 5 s". */
export const REPORT_DEDUPE_MS = 5_000;

export const FRONTEND_ERRORS_PATH = '/api/frontend-errors';

export interface ReportErrorInput {
  error: unknown;
  severity: Severity;
  /** What kind of failure: ComponentError, RouteError, UnhandledError, UnhandledRejection... */
  type?: string;
  componentName?: string;
  context?: Record<string, unknown>;
}

/** Noise browsers raise that says nothing about our code. */
const IGNORED_MESSAGES = [/^ResizeObserver loop/i, /^Script error\.?$/i];

const LIMITS = { message: 5000, stack: 20_000, type: 100, component: 200, route: 2048, agent: 1000 };
const CONTEXT_MAX_CHARS = 16_000;

function clip(value: string | undefined | null, max: number): string | null {
  if (!value) return null;
  return value.length > max ? value.slice(0, max) : value;
}

export function describeError(error: unknown): { name: string; message: string; stack: string | null } {
  if (error instanceof Error) {
    return {
      name: error.name || 'Error',
      message: error.message || error.name || 'Error',
      stack: error.stack ?? null,
    };
  }
  if (typeof error === 'string') return { name: 'Error', message: error || 'Error', stack: null };
  let message: string;
  try {
    message = JSON.stringify(error) ?? String(error);
  } catch {
    message = String(error);
  }
  return { name: 'NonError', message: message || 'Unknown error', stack: null };
}

/** Keeps only JSON-safe, bounded context, so a report is never refused for its shape or size. */
function safeContext(context: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!context) return null;
  try {
    const json = JSON.stringify(context);
    if (json === undefined) return null;
    if (json.length > CONTEXT_MAX_CHARS)
      return { truncated: true, preview: json.slice(0, CONTEXT_MAX_CHARS) };
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return { unserializable: true };
  }
}

export function buildReport(input: ReportErrorInput): FrontendErrorInput {
  const { name, message, stack } = describeError(input.error);
  const loc = typeof window !== 'undefined' ? window.location : undefined;
  return {
    error_type: clip(input.type ?? name, LIMITS.type) ?? 'Error',
    message: clip(message, LIMITS.message) ?? 'Error',
    stack: clip(stack, LIMITS.stack),
    component_name: clip(input.componentName, LIMITS.component),
    route_path: clip(loc ? `${loc.pathname}${loc.search}` : null, LIMITS.route),
    user_agent: clip(typeof navigator !== 'undefined' ? navigator.userAgent : null, LIMITS.agent),
    // Accounts arrive later; until then every report is anonymous.
    user_id: null,
    session_id: sessionId(),
    additional_context: safeContext({
      ...input.context,
      ...(input.type && name !== input.type ? { error_name: name } : {}),
    }),
    severity: input.severity,
  };
}

export interface ErrorReporter {
  /** Sends the report unless limited; answers whether it was sent. Never throws. */
  report(input: ReportErrorInput): boolean;
}

export function createErrorReporter(options: { now?: () => number } = {}): ErrorReporter {
  const now = options.now ?? Date.now;
  let sentAt: number[] = [];
  const lastSeen = new Map<string, number>();

  return {
    report(input) {
      try {
        const body = buildReport(input);
        if (IGNORED_MESSAGES.some((re) => re.test(body.message))) return false;
        const t = now();
        const key = `${body.error_type}|${body.message}`;
        const seen = lastSeen.get(key);
        if (seen !== undefined && t - seen < REPORT_DEDUPE_MS) return false;
        sentAt = sentAt.filter((at) => t - at < REPORT_WINDOW_MS);
        if (sentAt.length >= REPORT_LIMIT) return false;
        for (const [k, at] of lastSeen) if (t - at >= REPORT_DEDUPE_MS) lastSeen.delete(k);
        lastSeen.set(key, t);
        sentAt.push(t);
        void fetch(FRONTEND_ERRORS_PATH, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          credentials: 'same-origin',
          keepalive: true,
        }).catch(() => {});
        return true;
      } catch {
        // Reporting must never become the next error.
        return false;
      }
    },
  };
}

const defaultReporter = createErrorReporter();

/** The app's reporter: boundaries, the router and the window handlers call this. */
export function reportError(input: ReportErrorInput): boolean {
  return defaultReporter.report(input);
}

/** Spec 8 "Global handlers": unhandled errors and promise rejections are reported. */
export function installGlobalErrorHandlers(
  target: Window = window,
  reporter: ErrorReporter = defaultReporter,
) {
  const onError = (event: ErrorEvent) => {
    reporter.report({
      error: event.error ?? event.message,
      type: 'UnhandledError',
      severity: 'high',
      context: { source: event.filename || null, line: event.lineno || null, column: event.colno || null },
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    reporter.report({ error: event.reason, type: 'UnhandledRejection', severity: 'medium' });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
