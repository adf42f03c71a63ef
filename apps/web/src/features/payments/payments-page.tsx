import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorScreen } from '../../components/screens/error-screen.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { customerPaymentsQuery } from './api/payments.ts';
import { PaymentCard } from './payment-card.tsx';
import { PAYMENTS_TEXT as T } from './payments-text.ts';

/** /payments (issue 18): the customer's booking payments, their refunds and receipts. */
export function PaymentsPage() {
  useDocumentTitle(T.title);
  const query = useQuery(customerPaymentsQuery());

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" aria-label="Loading" className="grid gap-3">
        <Skeleton className="h-36" />
        <Skeleton className="h-36" />
      </div>
    );
  } else if (query.isError) {
    body = (
      <ErrorScreen
        detail={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.data.length === 0) {
    body = (
      <div className="rounded-2xl border border-dashed border-border px-4 py-10 text-center">
        <p className="text-sm text-muted-fg">{T.empty}</p>
        <ButtonLink to={ROUTES.search} size="sm" className="mt-4">
          <Search aria-hidden="true" className="h-4 w-4" /> {T.findProviders}
        </ButtonLink>
      </div>
    );
  } else {
    body = (
      <ul aria-label={T.list} className="grid gap-3">
        {query.data.map((p) => (
          <li key={p.id}>
            <PaymentCard payment={p} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="mb-6">
        <p className="text-sm font-semibold text-brand-700 dark:text-brand-500">{T.eyebrow}</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{T.title}</h1>
        <p className="mt-2 text-muted-fg">{T.lead}</p>
      </header>
      {body}
    </div>
  );
}
