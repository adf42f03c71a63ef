import { isProviderLike } from '@adwuma/shared';
import { ArrowLeft, FileText, Inbox, ListPlus, Search } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { useSession } from '../auth/index.ts';
import { useQuoteRequest } from './api/get-quote-request.ts';
import { type QuoteBox, type QuoteRequestsResponse, useQuoteRequests } from './api/get-quote-requests.ts';
import { sideOf } from './format.ts';
import { useQuotesText } from './i18n.ts';
import { QuoteRequestCard, QuoteRequestCardSkeleton } from './quote-request-card.tsx';

/** The page's words in the page's language (quotes.json "requests"). */
function useServiceRequestsText() {
  const { t } = useQuotesText();
  return {
    t,
    title: t('requests.title'),
    leadProvider: t('requests.leadProvider'),
    leadCustomer: t('requests.leadCustomer'),
    received: t('requests.received'),
    sent: t('requests.sent'),
    receivedEmpty: t('requests.receivedEmpty'),
    receivedEmptyText: t('requests.receivedEmptyText'),
    sentEmpty: t('requests.sentEmpty'),
    sentEmptyText: t('requests.sentEmptyText'),
    loadFailed: t('requests.loadFailed'),
    retry: t('requests.retry'),
    all: t('requests.all'),
    notFound: t('requests.notFound'),
    receivedBadge: (n: number) => t('requests.receivedBadge', { count: n }),
    sentBadge: (n: number) => t('requests.sentBadge', { count: n }),
  };
}

function Empty({
  icon,
  title,
  text,
  actions,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  actions: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-dashed border-border px-4 py-12 text-center">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-muted text-muted-fg">
        {icon}
      </span>
      <p className="mt-3 text-lg font-semibold">{title}</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-muted-fg">{text}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-2">{actions}</div>
    </div>
  );
}

function Loading() {
  const { t } = useQuotesText();
  return (
    <div role="status" aria-label={t('requests.loading')} className="grid gap-3">
      <QuoteRequestCardSkeleton />
      <QuoteRequestCardSkeleton />
      <QuoteRequestCardSkeleton />
    </div>
  );
}

function RequestList({ box }: { box: QuoteBox }) {
  const list = useQuoteRequests(box);
  const SERVICE_REQUESTS_TEXT = useServiceRequestsText();
  if (list.isPending) return <Loading />;
  if (list.isError && !list.data) {
    return (
      <Alert tone="danger" role="alert" title={SERVICE_REQUESTS_TEXT.loadFailed}>
        <p>{list.error.message}</p>
        <Button size="sm" className="mt-3" onClick={() => void list.refetch()} busy={list.isFetching}>
          {SERVICE_REQUESTS_TEXT.retry}
        </Button>
      </Alert>
    );
  }
  const items = list.data.items;
  if (items.length === 0) {
    return box === 'received' ? (
      <Empty
        icon={<Inbox aria-hidden="true" className="h-6 w-6" />}
        title={SERVICE_REQUESTS_TEXT.receivedEmpty}
        text={SERVICE_REQUESTS_TEXT.receivedEmptyText}
        actions={
          <ButtonLink to={ROUTES.postService} variant="outline">
            <ListPlus aria-hidden="true" className="h-4 w-4" /> Your services
          </ButtonLink>
        }
      />
    ) : (
      <Empty
        icon={<FileText aria-hidden="true" className="h-6 w-6" />}
        title={SERVICE_REQUESTS_TEXT.sentEmpty}
        text={SERVICE_REQUESTS_TEXT.sentEmptyText}
        actions={
          <>
            <ButtonLink to={ROUTES.search}>
              <Search aria-hidden="true" className="h-4 w-4" />{' '}
              {SERVICE_REQUESTS_TEXT.t('requests.findProviders')}
            </ButtonLink>
            <ButtonLink to={ROUTES.postJob} variant="outline">
              {SERVICE_REQUESTS_TEXT.t('requests.postJob')}
            </ButtonLink>
          </>
        }
      />
    );
  }
  return (
    <ul className="grid gap-3 lg:grid-cols-2" aria-busy={list.isFetching || undefined}>
      {items.map((request) => (
        <li key={request.id}>
          <QuoteRequestCard request={request} side={box} />
        </li>
      ))}
    </ul>
  );
}

/** One request on its own (`?request=`): where a booking or a notice links to. */
function SingleRequest({ id, back }: { id: string; back: string }) {
  const { user } = useSession();
  const request = useQuoteRequest(id);
  const SERVICE_REQUESTS_TEXT = useServiceRequestsText();
  return (
    <div className="grid gap-4">
      <Link
        to={back}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {SERVICE_REQUESTS_TEXT.all}
      </Link>
      {request.isPending ? (
        <QuoteRequestCardSkeleton />
      ) : request.isError ? (
        <Alert tone="danger" role="alert" title={SERVICE_REQUESTS_TEXT.notFound}>
          <p>{request.error.message}</p>
          <Button size="sm" className="mt-3" onClick={() => void request.refetch()} busy={request.isFetching}>
            {SERVICE_REQUESTS_TEXT.retry}
          </Button>
        </Alert>
      ) : (
        <div className="max-w-2xl">
          <QuoteRequestCard request={request.data} side={sideOf(request.data, user?.id)} highlighted />
        </div>
      )}
    </div>
  );
}

/** The count, for the eye; the tab's name says it in words. */
function CountBadge({ n, selected }: { n: number | undefined; selected: boolean }) {
  if (!n) return null;
  return (
    <span
      aria-hidden="true"
      className={`rounded-full px-2 py-0.5 text-xs font-bold ${selected ? 'bg-brand-600 text-white' : 'bg-brand-100 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100'}`}
    >
      {n}
    </span>
  );
}

const TABS: QuoteBox[] = ['received', 'sent'];

/**
 * `/service-requests`: quote requests in two tabs, the tab in the URL (`?tab=received|sent`).
 * Providers see both; a customer only sends requests, so sees only those.
 */
export function ServiceRequestsPage() {
  const { role } = useSession();
  const providerView = role !== null && isProviderLike(role);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: QuoteBox = providerView ? (requested === 'sent' ? 'sent' : 'received') : 'sent';
  const focusId = params.get('request');
  const uid = useId();
  const SERVICE_REQUESTS_TEXT = useServiceRequestsText();
  const { t } = SERVICE_REQUESTS_TEXT;
  const tabRefs = useRef<Record<QuoteBox, HTMLButtonElement | null>>({ received: null, sent: null });
  useDocumentTitle(SERVICE_REQUESTS_TEXT.title);

  // The counts of both tabs come with either list: read the one on screen.
  const counts: QuoteRequestsResponse['counts'] | undefined = useQuoteRequests(tab, {
    enabled: !focusId,
  }).data?.counts;

  // A customer sent to ?tab=received sees their own tab: the address says so too.
  useEffect(() => {
    if (!providerView && requested === 'received') {
      setParams(
        (p) => {
          p.set('tab', 'sent');
          return p;
        },
        { replace: true },
      );
    }
  }, [providerView, requested, setParams]);

  const select = (next: QuoteBox) =>
    setParams((p) => {
      p.set('tab', next);
      p.delete('request');
      return p;
    });

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = tab === 'received' ? 'sent' : 'received';
    select(next);
    tabRefs.current[next]?.focus();
  };

  const label = (box: QuoteBox) =>
    box === 'received' ? SERVICE_REQUESTS_TEXT.received : SERVICE_REQUESTS_TEXT.sent;
  const badge = (box: QuoteBox) =>
    box === 'received'
      ? {
          n: counts?.received_pending,
          text: SERVICE_REQUESTS_TEXT.receivedBadge(counts?.received_pending ?? 0),
        }
      : { n: counts?.sent_quoted, text: SERVICE_REQUESTS_TEXT.sentBadge(counts?.sent_quoted ?? 0) };

  return (
    <div className="pb-12">
      <header className="border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15">
        <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6 sm:pt-10">
          <h1 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight sm:text-4xl">
            <FileText aria-hidden="true" className="h-7 w-7 text-brand-600 sm:h-8 sm:w-8" />
            {SERVICE_REQUESTS_TEXT.title}
          </h1>
          <p className="mt-2 text-muted-fg">
            {providerView ? SERVICE_REQUESTS_TEXT.leadProvider : SERVICE_REQUESTS_TEXT.leadCustomer}
          </p>
          {providerView ? (
            <div role="tablist" aria-label={t('requests.tabs')} className="-mb-px mt-5 flex gap-1">
              {TABS.map((box) => {
                const selected = tab === box && !focusId;
                const b = badge(box);
                return (
                  <button
                    key={box}
                    ref={(el) => {
                      tabRefs.current[box] = el;
                    }}
                    type="button"
                    role="tab"
                    id={`${uid}-${box}-tab`}
                    aria-label={b.n ? `${label(box)} (${b.text})` : undefined}
                    aria-selected={selected}
                    aria-controls={`${uid}-panel`}
                    tabIndex={tab === box ? 0 : -1}
                    onClick={() => select(box)}
                    onKeyDown={onTabKey}
                    className={`inline-flex min-h-11 items-center gap-2 border-b-2 px-4 text-sm font-semibold ${
                      selected
                        ? 'border-brand-600 text-fg'
                        : 'border-transparent text-muted-fg hover:border-border hover:text-fg'
                    }`}
                  >
                    {label(box)}
                    <CountBadge n={b.n} selected={selected} />
                  </button>
                );
              })}
            </div>
          ) : (
            <h2
              aria-label={
                counts?.sent_quoted ? t('requests.youSentCount', { badge: badge('sent').text }) : undefined
              }
              className="mt-5 inline-flex items-center gap-2 pb-3 text-sm font-semibold"
            >
              {t('requests.youSent')}
              <CountBadge n={counts?.sent_quoted} selected />
            </h2>
          )}
        </div>
      </header>

      <section
        id={`${uid}-panel`}
        role={providerView ? 'tabpanel' : undefined}
        aria-labelledby={providerView ? `${uid}-${tab}-tab` : undefined}
        aria-label={providerView ? undefined : t('requests.youSent')}
        className="mx-auto max-w-6xl px-4 py-6 sm:px-6"
      >
        {focusId ? (
          <SingleRequest id={focusId} back={buildPath(ROUTES.serviceRequests, undefined, { tab })} />
        ) : (
          <RequestList key={tab} box={tab} />
        )}
      </section>
    </div>
  );
}
