import { ESCROW_MESSAGES, type PayoutSettings } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Landmark, Smartphone } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { QueryError } from '../../components/screens/query-error.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AppLink } from '../../components/ui/button-link.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { payoutSettingsQuery } from './api/payout-settings.ts';
import { PayoutMethodForm } from './payout-method-form.tsx';
import { formatDay, formatMoment, PAYOUTS_TEXT as T } from './payouts-text.ts';

function SavedMethod({ settings }: { settings: PayoutSettings }) {
  const method = settings.method;
  if (!method) return null;
  const Icon = method.type === 'bank' ? Landmark : Smartphone;
  return (
    <div className="flex items-start gap-3">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-leaf-600/10 text-leaf-700 dark:text-green-200">
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <p className="text-lg font-bold [overflow-wrap:anywhere]">{method.label}</p>
        <p className="text-sm [overflow-wrap:anywhere]">{method.account_name}</p>
        <p className="mt-0.5 text-xs text-muted-fg">{T.changedOn(formatDay(method.updated_at))}</p>
      </div>
    </div>
  );
}

function Settings({ settings }: { settings: PayoutSettings }) {
  const [changing, setChanging] = useState(false);
  const formOpen = changing || !settings.method;
  return (
    <>
      {settings.hold_until && (
        <Alert
          tone="info"
          role="status"
          title={T.resumeOn(formatMoment(settings.hold_until))}
          className="mt-6"
        >
          <p>{T.heldWhy}</p>
        </Alert>
      )}
      <section
        aria-labelledby="payout-current"
        className="mt-6 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
      >
        <h2 id="payout-current" className="text-lg font-bold tracking-tight">
          {settings.method ? T.current : T.none}
        </h2>
        <div className="mt-4">
          {settings.method ? (
            <SavedMethod settings={settings} />
          ) : (
            <p className="text-sm text-muted-fg">{ESCROW_MESSAGES.noPayoutMethod}</p>
          )}
        </div>
        {settings.method && !changing && (
          <Button variant="outline" className="mt-5" onClick={() => setChanging(true)}>
            {T.change}
          </Button>
        )}
      </section>
      {formOpen && (
        <section
          aria-labelledby="payout-form"
          className="mt-6 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
        >
          <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
            <h2 id="payout-form" className="text-lg font-bold tracking-tight">
              {settings.method ? T.changeTitle : T.formTitle}
            </h2>
            {settings.method && (
              <Button variant="ghost" size="sm" onClick={() => setChanging(false)}>
                {T.cancelChange}
              </Button>
            )}
          </div>
          <PayoutMethodForm settings={settings} onSaved={() => setChanging(false)} />
        </section>
      )}
    </>
  );
}

/** /settings/payouts (issue 18): the provider's payout method, looked up and confirmed before saving. */
export function PayoutSettingsPage() {
  useDocumentTitle(T.title);
  const query = useQuery(payoutSettingsQuery());

  let body: ReactNode;
  if (query.isPending) body = <Skeleton className="mt-6 h-48" />;
  else if (query.isError) {
    body = <QueryError query={query} forbiddenTitle={T.providersOnly} />;
  } else body = <Settings settings={query.data} />;

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <header>
        <AppLink
          to={ROUTES.earnings}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-muted-fg hover:text-fg"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {T.backToEarnings}
        </AppLink>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{T.title}</h1>
        <p className="mt-2 text-muted-fg">{T.lead}</p>
      </header>
      {body}
    </div>
  );
}
