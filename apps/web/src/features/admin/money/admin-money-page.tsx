import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { AdminPageHeader } from '../admin-ui.tsx';
import { MoneyPayments, MoneyPayouts, MoneyRefunds } from './money-lists.tsx';
import { MoneyOverview } from './money-overview.tsx';

const VIEWS = [
  { id: 'overview', label: 'Overview', Section: MoneyOverview },
  { id: 'payments', label: 'Payments', Section: MoneyPayments },
  { id: 'payouts', label: 'Payouts', Section: MoneyPayouts },
  { id: 'refunds', label: 'Refunds', Section: MoneyRefunds },
] as const;

type ViewId = (typeof VIEWS)[number]['id'];

function viewFrom(params: URLSearchParams): ViewId {
  const value = params.get('view');
  return VIEWS.find((v) => v.id === value)?.id ?? 'overview';
}

/**
 * /admin/money (issue 18): the ledger's balance check and figures, then payments, payouts and
 * refunds, each a section chosen by ?view= (its filters and page beside it in the address).
 */
export function AdminMoneyPage() {
  useDocumentTitle('Money · Admin');
  const [params] = useSearchParams();
  const current = viewFrom(params);
  const { Section } = VIEWS.find((v) => v.id === current)!;
  return (
    <div>
      <AdminPageHeader
        title="Money"
        lead="What customers paid, what Adwuma holds and owes, payouts, refunds, and whether the books balance."
      />
      <nav aria-label="Money sections" className="-mx-4 mt-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="inline-flex min-w-max gap-1 border-b border-border">
          {VIEWS.map((v) => (
            <li key={v.id}>
              <Link
                to={{ search: v.id === 'overview' ? '' : `?view=${v.id}` }}
                aria-current={v.id === current ? 'page' : undefined}
                className={`-mb-px flex min-h-11 items-center border-b-2 px-4 text-sm font-semibold ${
                  v.id === current
                    ? 'border-brand-600 text-fg'
                    : 'border-transparent text-muted-fg hover:text-fg'
                }`}
              >
                {v.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Section />
      </div>
    </div>
  );
}
