import { ApiError } from '../../lib/api.ts';
import { Alert } from '../ui/alert.tsx';
import { ErrorScreen } from './error-screen.tsx';

/**
 * A page's query that failed: a 403 as an alert titled `forbiddenTitle` with the API's reason (a
 * page for providers only, say), anything else the Error screen with Try Again.
 */
export function QueryError({
  query,
  forbiddenTitle,
}: {
  query: { error: Error; refetch: () => unknown; isFetching: boolean };
  forbiddenTitle: string;
}) {
  return query.error instanceof ApiError && query.error.status === 403 ? (
    <Alert title={forbiddenTitle} className="mt-6">
      <p>{query.error.message}</p>
    </Alert>
  ) : (
    <div className="mt-6">
      <ErrorScreen
        detail={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    </div>
  );
}
