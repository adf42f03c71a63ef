import { frontendErrorSchema } from '@adwuma/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ComponentErrorBoundary, componentFromStack } from './component-error-boundary.tsx';

const fetchMock = vi.fn<typeof fetch>();
let shouldThrow = true;

function PlanCard({ label }: { label: string }) {
  if (shouldThrow) throw new Error(`Plan card exploded (${label})`);
  return <p>Plan card is back</p>;
}

beforeEach(() => {
  shouldThrow = true;
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response(null, { status: 202 }));
  vi.stubGlobal('fetch', fetchMock);
  // React logs every error a boundary catches; the assertions below are what matters here.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ComponentErrorBoundary (spec 2 component error)', () => {
  it('shows the severity, the three ways on and the reported notice', () => {
    render(
      <ComponentErrorBoundary severity="medium">
        <PlanCard label="texts" />
      </ComponentErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('Severity');
    expect(alert).toHaveTextContent('Medium');
    expect(
      screen.getByText('This error has been automatically reported to our development team.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('reports the render error once, naming the component', () => {
    render(
      <ComponentErrorBoundary>
        <PlanCard label="report" />
      </ComponentErrorBoundary>,
    );
    const reports = fetchMock.mock.calls.filter(([url]) => url === '/api/frontend-errors');
    expect(reports).toHaveLength(1);
    const body = JSON.parse(String(reports[0]?.[1]?.body));
    expect(frontendErrorSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      error_type: 'ComponentError',
      message: 'Plan card exploded (report)',
      component_name: 'PlanCard',
      severity: 'high',
    });
    expect(body.additional_context.componentStack).toContain('PlanCard');
  });

  it('renders the children again after Try Again once the cause is gone', () => {
    render(
      <ComponentErrorBoundary>
        <PlanCard label="retry" />
      </ComponentErrorBoundary>,
    );
    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Plan card is back')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('clears the error when a reset key changes (moving to another page)', () => {
    const { rerender } = render(
      <ComponentErrorBoundary resetKeys={['/pricing']}>
        <PlanCard label="keys" />
      </ComponentErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    shouldThrow = false;
    rerender(
      <ComponentErrorBoundary resetKeys={['/features']}>
        <PlanCard label="keys" />
      </ComponentErrorBoundary>,
    );
    expect(screen.getByText('Plan card is back')).toBeInTheDocument();
  });
});

describe('componentFromStack', () => {
  it('names the first component of a React component stack', () => {
    expect(componentFromStack('\n    at PlanCard (http://x/a.js:1:1)\n    at div')).toBe('PlanCard');
    expect(componentFromStack(undefined)).toBeUndefined();
  });
});
