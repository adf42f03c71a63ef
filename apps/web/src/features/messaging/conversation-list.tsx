import type { Conversation } from '@adwuma/shared';
import type { TFunction } from 'i18next';
import { Image as ImageIcon, MessageSquareText, Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useLanguage } from '../../i18n/index.ts';
import { ROUTES } from '../../lib/routes.ts';
import { useConversations, useMessageSearch } from './api/messaging-api.ts';
import { timeLabel } from './dates.ts';
import { useMessagingText } from './i18n.ts';
import { conversationLink } from './links.ts';

function preview(c: Conversation, t: TFunction): string {
  const last = c.last_message;
  if (!last) return t('list.noMessagesYet');
  const text = last.has_attachment && !last.preview ? t('list.photo') : last.preview;
  return `${last.sender_is_me ? t('list.you') : ''}${text}`;
}

function ConversationRow({ conversation: c, selected }: { conversation: Conversation; selected: boolean }) {
  const { t } = useMessagingText();
  const language = useLanguage();
  const last = c.last_message;
  const unread = c.unread > 0;
  return (
    <li>
      <Link
        to={conversationLink(c.id)}
        aria-current={selected ? 'page' : undefined}
        className={`flex items-center gap-3 px-4 py-3 hover:bg-muted/70 ${selected ? 'bg-brand-50 dark:bg-brand-800/20' : ''}`}
      >
        <Avatar src={c.other.avatar_url} name={c.other.name} className="h-11 w-11 text-sm" />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <p className={`truncate ${unread ? 'font-bold' : 'font-semibold'}`}>{c.other.name}</p>
            {last && (
              <time dateTime={last.created_at} className="shrink-0 text-xs text-muted-fg">
                {timeLabel(last.created_at, language)}
              </time>
            )}
          </div>
          <div className="mt-0.5 flex items-center justify-between gap-2">
            <p
              className={`flex min-w-0 items-center gap-1 text-sm ${unread ? 'font-semibold text-fg' : 'text-muted-fg'}`}
            >
              {last?.has_attachment && <ImageIcon aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />}
              <span className="truncate">{preview(c, t)}</span>
            </p>
            {unread && (
              <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white">
                <span aria-hidden="true">{c.unread > 99 ? '99+' : c.unread}</span>
                <span className="sr-only">{t('list.unread', { count: c.unread })}</span>
              </span>
            )}
          </div>
        </div>
      </Link>
    </li>
  );
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function SearchResults({ term, onOpen }: { term: string; onOpen: () => void }) {
  const search = useMessageSearch(term);
  const { t } = useMessagingText();
  const language = useLanguage();
  if (term.trim().length < 2)
    return <p className="px-4 py-3 text-sm text-muted-fg">{t('list.searchHint')}</p>;
  if (search.isPending)
    return (
      <div role="status" aria-label={t('list.searching')} className="grid gap-2 p-4">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  if (search.isError)
    return (
      <p role="alert" className="px-4 py-3 text-sm text-danger">
        {search.error.message}
      </p>
    );
  if (search.data.items.length === 0)
    return <p className="px-4 py-3 text-sm text-muted-fg">{t('list.noHits')}</p>;
  return (
    <ul aria-label={t('list.searchResults')} className="divide-y divide-border">
      {search.data.items.map(({ message, other }) => (
        <li key={message.id}>
          <Link
            to={conversationLink(message.conversation_id)}
            onClick={onOpen}
            className="flex items-start gap-3 px-4 py-3 hover:bg-muted/70"
          >
            <Avatar src={other.avatar_url} name={other.name} className="h-9 w-9 text-xs" />
            <div className="min-w-0 flex-1">
              <div className="flex items-baseline justify-between gap-2">
                <p className="truncate text-sm font-semibold">{other.name}</p>
                <time dateTime={message.created_at} className="shrink-0 text-xs text-muted-fg">
                  {timeLabel(message.created_at, language)}
                </time>
              </div>
              <p className="line-clamp-2 break-words text-sm text-muted-fg">
                {message.body || (message.attachment ? t('list.photo') : '')}
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function ConversationList({ selectedId }: { selectedId: string | null }) {
  const uid = useId();
  const { t } = useMessagingText();
  const list = useConversations();
  const [q, setQ] = useState('');
  const term = useDebounced(q, 300);
  const searching = q.trim().length > 0;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <>
      <div className="border-b border-border p-3">
        <h1 className="px-1 text-xl font-extrabold tracking-tight">{t('list.title')}</h1>
        <div className="relative mt-2">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-fg"
          />
          <label htmlFor={`${uid}-q`} className="sr-only">
            {t('list.search')}
          </label>
          <input
            id={`${uid}-q`}
            type="search"
            value={q}
            maxLength={100}
            onChange={(event) => setQ(event.target.value)}
            placeholder={t('list.search')}
            className="block min-h-10 w-full rounded-full border border-border bg-bg py-2 pl-9 pr-10 text-base text-fg placeholder:text-muted-fg/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 sm:text-sm [&::-webkit-search-cancel-button]:hidden"
          />
          {q && (
            <button
              type="button"
              onClick={() => setQ('')}
              aria-label={t('list.clearSearch')}
              className="absolute right-1 top-1/2 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full text-muted-fg hover:bg-muted hover:text-fg"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          )}
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {searching ? (
          <SearchResults term={term} onOpen={() => setQ('')} />
        ) : list.isPending ? (
          <div role="status" aria-label={t('list.loading')} className="grid gap-3 p-4">
            {[0, 1, 2, 3].map((n) => (
              <div key={n} className="flex items-center gap-3">
                <Skeleton className="h-11 w-11 shrink-0 rounded-full" />
                <div className="grid flex-1 gap-1.5">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3.5 w-3/4" />
                </div>
              </div>
            ))}
          </div>
        ) : list.isError ? (
          <div className="p-4">
            <Alert tone="danger" role="alert" title={t('list.loadFailed')}>
              <p>{list.error.message}</p>
              <Button size="sm" className="mt-3" onClick={() => void list.refetch()} busy={list.isFetching}>
                {t('list.retry')}
              </Button>
            </Alert>
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-12 text-center">
            <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-800/40 dark:text-brand-100">
              <MessageSquareText aria-hidden="true" className="h-7 w-7" />
            </span>
            <h2 className="mt-4 text-lg font-bold">{t('list.empty')}</h2>
            <p className="mt-1 text-sm text-muted-fg">{t('list.emptyText')}</p>
            <ButtonLink to={ROUTES.search} size="sm" className="mt-4">
              {t('list.findProviders')}
            </ButtonLink>
          </div>
        ) : (
          <>
            <ul aria-label={t('list.conversations')} className="divide-y divide-border">
              {items.map((c) => (
                <ConversationRow key={c.id} conversation={c} selected={c.id === selectedId} />
              ))}
            </ul>
            {list.hasNextPage && (
              <div className="flex justify-center p-3">
                <Button
                  size="sm"
                  variant="outline"
                  busy={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {t('list.loadMore')}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </>
  );
}
