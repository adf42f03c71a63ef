import { frontendErrorSchema } from '@adwuma/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createErrorReporter,
  FRONTEND_ERRORS_PATH,
  installGlobalErrorHandlers,
  REPORT_DEDUPE_MS,
  REPORT_LIMIT,
  REPORT_WINDOW_MS,
} from './error-reporting.ts';

const fetchMock = vi.fn<typeof fetch>();

function sentBodies() {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response(null, { status: 202 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('error reporter (spec 7 log_frontend_error)', () => {
  it('sends every field the server expects, in a valid shape', () => {
    const reporter = createErrorReporter();
    const error = new TypeError('Cannot read properties of undefined');
    expect(
      reporter.report({
        error,
        type: 'ComponentError',
        severity: 'high',
        componentName: 'PlanCard',
        context: { tier: 'pro' },
      }),
    ).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(FRONTEND_ERRORS_PATH, expect.objectContaining({ method: 'POST' }));
    const [body] = sentBodies();
    expect(frontendErrorSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      error_type: 'ComponentError',
      message: 'Cannot read properties of undefined',
      component_name: 'PlanCard',
      route_path: window.location.pathname,
      user_agent: navigator.userAgent,
      user_id: null,
      severity: 'high',
      additional_context: { tier: 'pro', error_name: 'TypeError' },
    });
    expect(body.stack).toContain('TypeError');
    expect(body.session_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('drops a repeat of the same error for a few seconds', () => {
    let now = 1_000_000;
    const reporter = createErrorReporter({ now: () => now });
    expect(reporter.report({ error: new Error('same'), severity: 'low' })).toBe(true);
    now += REPORT_DEDUPE_MS - 1;
    expect(reporter.report({ error: new Error('same'), severity: 'low' })).toBe(false);
    now += 1;
    expect(reporter.report({ error: new Error('same'), severity: 'low' })).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends at most 5 reports per 15 minutes (spec 9)', () => {
    let now = 0;
    const reporter = createErrorReporter({ now: () => now });
    for (let i = 0; i < REPORT_LIMIT; i++) {
      expect(reporter.report({ error: new Error(`error ${i}`), severity: 'medium' })).toBe(true);
      now += 1000;
    }
    expect(reporter.report({ error: new Error('one too many'), severity: 'medium' })).toBe(false);
    now = REPORT_WINDOW_MS;
    expect(reporter.report({ error: new Error('budget is back'), severity: 'medium' })).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(REPORT_LIMIT + 1);
  });

  it('never throws, even when fetch itself throws or the error is not an Error', () => {
    fetchMock.mockImplementation(() => {
      throw new Error('fetch exploded');
    });
    const reporter = createErrorReporter();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => reporter.report({ error: circular, severity: 'low', context: circular })).not.toThrow();
    expect(() => reporter.report({ error: undefined, severity: 'low' })).not.toThrow();
  });

  it('ignores browser noise', () => {
    const reporter = createErrorReporter();
    expect(reporter.report({ error: 'ResizeObserver loop limit exceeded', severity: 'low' })).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('global handlers (spec 8)', () => {
  it('report unhandled errors and promise rejections', () => {
    // A stand-in for window: the test runner treats error events on the real window as its own failures.
    const target = new EventTarget();
    const reporter = createErrorReporter();
    const uninstall = installGlobalErrorHandlers(target as unknown as Window, reporter);
    try {
      target.dispatchEvent(
        new ErrorEvent('error', { error: new Error('uncaught thing'), message: 'uncaught thing' }),
      );
      const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.defineProperty(rejection, 'reason', { value: new Error('nobody caught me') });
      target.dispatchEvent(rejection);
    } finally {
      uninstall();
    }
    expect(sentBodies()).toEqual([
      expect.objectContaining({ error_type: 'UnhandledError', message: 'uncaught thing', severity: 'high' }),
      expect.objectContaining({
        error_type: 'UnhandledRejection',
        message: 'nobody caught me',
        severity: 'medium',
      }),
    ]);
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('after uninstall') }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
