import {
  type Conversation,
  type ConversationContextInput,
  formatDate,
  type MessageContext,
} from '@adwuma/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  AlertCircle,
  ArrowLeft,
  Ban,
  Clock,
  Flag,
  Link2,
  MessageCircle,
  MoreVertical,
  RotateCcw,
  Trash2,
} from 'lucide-react';
import { Fragment, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AppLink, ButtonLink } from '../../components/ui/button-link.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { toast } from '../../lib/toast.ts';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { messagingKeys } from '../realtime/index.ts';
import {
  loadEarlier,
  markRead,
  mergeMessages,
  patchListConversation,
  type ThreadData,
  type ThreadMessage,
  updateThread,
  useBlock,
  useThread,
} from './api/messaging-api.ts';
import { Composer } from './composer.tsx';
import { dayLabel, timeLabel } from './dates.ts';
import { messagingText, useMessagingText } from './i18n.ts';
import { ReportDialog } from './report-dialog.tsx';
import { useTypingIndicator } from './use-live-messaging.ts';
import { useSendMessage } from './use-send-message.ts';

function ContextCard({ context, mine }: { context: MessageContext; mine: boolean }) {
  const { t } = useMessagingText();
  const inner = (
    <>
      <Link2 aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-600" />
      {/* A message not sent yet: the context's type until the server names it. */}
      <span className="min-w-0 truncate">{context.title || t(`context.${context.type}`)}</span>
    </>
  );
  const cls = `mb-1 flex max-w-full items-center gap-2 rounded-xl border border-border bg-card px-3 py-2 text-sm font-semibold ${mine ? 'self-end' : 'self-start'}`;
  return context.link ? (
    <AppLink to={context.link} className={`${cls} hover:bg-muted`}>
      {inner}
    </AppLink>
  ) : (
    <span className={cls}>{inner}</span>
  );
}

function Bubble({
  message,
  mine,
  otherName,
  status,
  onRetry,
  onDelete,
}: {
  message: ThreadMessage;
  mine: boolean;
  otherName: string;
  /** Under my last message: "Read" / "Sent". */
  status: 'read' | 'sent' | null;
  onRetry: (m: ThreadMessage) => void;
  onDelete: (m: ThreadMessage) => void;
}) {
  const { t } = useMessagingText();
  const language = useLanguage();
  const local = message.local;
  const a = message.attachment;
  const percent = local?.progress !== undefined ? Math.round(local.progress * 100) : null;
  return (
    <li className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
      {message.context && <ContextCard context={message.context} mine={mine} />}
      <div
        className={`max-w-[85%] overflow-hidden rounded-2xl sm:max-w-[70%] ${
          mine ? 'rounded-br-md bg-brand-600 text-white' : 'rounded-bl-md bg-muted text-fg'
        } ${local?.status === 'waiting' ? 'outline-2 outline-dashed outline-offset-2 outline-brand-400' : ''} ${local?.status === 'failed' ? 'ring-2 ring-danger' : ''}`}
      >
        {a && (
          <a
            href={a.url}
            target="_blank"
            rel="noreferrer"
            className="block focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            <img
              src={a.url}
              alt={mine ? t('thread.myPhoto') : t('thread.photo', { name: otherName })}
              loading="lazy"
              decoding="async"
              width={a.width ?? undefined}
              height={a.height ?? undefined}
              className="max-h-72 w-auto max-w-full object-cover"
            />
          </a>
        )}
        {message.body && (
          <p className="whitespace-pre-wrap break-words px-3.5 py-2 text-[0.95rem] leading-6 [overflow-wrap:anywhere]">
            {message.body}
          </p>
        )}
      </div>
      <p className="mt-0.5 flex items-center gap-1.5 px-1 text-xs text-muted-fg">
        {local?.status === 'pending' ? (
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="h-3 w-3" />
            {percent !== null && percent < 100 ? t('thread.uploading', { percent }) : t('thread.sending')}
          </span>
        ) : local?.status === 'waiting' ? (
          <span role="status" className="inline-flex items-center gap-1 font-medium">
            <Clock aria-hidden="true" className="h-3 w-3" />
            {t('thread.waiting')}
          </span>
        ) : local?.status === 'failed' ? (
          <span role="alert" className="inline-flex flex-wrap items-center gap-1 font-medium text-danger">
            <AlertCircle aria-hidden="true" className="h-3.5 w-3.5" />
            {local.error ? t('thread.failedWith', { reason: local.error }) : t('thread.failed')}
            <button
              type="button"
              onClick={() => onRetry(message)}
              className="ml-1 inline-flex min-h-8 items-center gap-1 rounded-full px-2 font-semibold text-fg underline hover:bg-muted"
            >
              <RotateCcw aria-hidden="true" className="h-3.5 w-3.5" />
              {t('thread.retry')}
            </button>
            <button
              type="button"
              onClick={() => onDelete(message)}
              className="inline-flex min-h-8 items-center gap-1 rounded-full px-2 font-semibold text-fg underline hover:bg-muted"
            >
              <Trash2 aria-hidden="true" className="h-3.5 w-3.5" />
              {t('thread.delete')}
            </button>
          </span>
        ) : (
          <>
            <time dateTime={message.created_at}>{timeLabel(message.created_at, language)}</time>
            {status && (
              <>
                <span aria-hidden="true">·</span>
                <span className={status === 'read' ? 'font-semibold text-leaf-700 dark:text-green-300' : ''}>
                  {t(`thread.${status}`)}
                </span>
              </>
            )}
          </>
        )}
      </p>
    </li>
  );
}

function ThreadMenu({ conversation, onReport }: { conversation: Conversation; onReport: () => void }) {
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const block = useBlock(conversation.id, conversation.other.id);
  const name = conversation.other.name;
  const { t } = useMessagingText();

  useDismiss(open, closeMenu, rootRef, triggerRef);

  const toggleBlock = () => {
    setOpen(false);
    const next = !conversation.blocked_by_me;
    block.mutate(next, {
      onSuccess: () => toast.success(messagingText()(next ? 'thread.blocked' : 'thread.unblocked', { name })),
      onError: (error) => toast.error(error.message),
    });
  };

  const item =
    'flex min-h-11 w-full items-center gap-2 rounded-xl px-3 text-left text-sm font-semibold hover:bg-muted';
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-label={t('thread.menu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-10 w-10 items-center justify-center rounded-full text-muted-fg hover:bg-muted hover:text-fg"
      >
        <MoreVertical aria-hidden="true" className="h-5 w-5" />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          className="absolute right-0 top-11 z-20 w-48 rounded-2xl border border-border bg-card p-1.5 shadow-lg"
        >
          <button
            type="button"
            role="menuitem"
            className={item}
            onClick={toggleBlock}
            disabled={block.isPending}
          >
            <Ban aria-hidden="true" className="h-4 w-4" />
            {conversation.blocked_by_me ? t('thread.unblock') : t('thread.block')}
          </button>
          <button
            type="button"
            role="menuitem"
            className={`${item} text-danger`}
            onClick={() => {
              setOpen(false);
              onReport();
            }}
          >
            <Flag aria-hidden="true" className="h-4 w-4" />
            {t('thread.report')}
          </button>
        </div>
      )}
    </div>
  );
}

function BlockedNotice({ conversation }: { conversation: Conversation }) {
  const block = useBlock(conversation.id, conversation.other.id);
  const { t } = useMessagingText();
  if (conversation.blocked_by_me) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border bg-muted/60 px-4 py-3 text-sm">
        <p role="status">{t('thread.blockedByMe')}</p>
        <Button
          size="sm"
          variant="outline"
          busy={block.isPending}
          onClick={() =>
            block.mutate(false, {
              onSuccess: () =>
                toast.success(messagingText()('thread.unblocked', { name: conversation.other.name })),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          {t('thread.unblock')}
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="border-t border-border bg-muted/60 px-4 py-3 text-sm">
      {t('thread.cantMessage')}
    </p>
  );
}

/** Marks the thread read up to the newest message from the other side while it is on screen. */
function useMarkRead(thread: ThreadData | undefined, meId: string) {
  const queryClient = useQueryClient();
  const conversation = thread?.conversation;
  const id = conversation?.id;
  const sentUpTo = useRef<{ id: string; seq: number } | null>(null);
  let newest = 0;
  for (const m of thread?.messages ?? [])
    if (!m.local && m.sender_id !== meId) newest = Math.max(newest, m.seq);
  if (conversation && sentUpTo.current?.id !== conversation.id) {
    // Nothing unread when it loaded: already read up to the last message.
    sentUpTo.current = {
      id: conversation.id,
      seq: conversation.unread === 0 ? conversation.last_seq : 0,
    };
  }

  useEffect(() => {
    if (!id || newest === 0) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const attempt = () => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      const sent = sentUpTo.current;
      if (!sent || sent.id !== id || newest <= sent.seq) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        sentUpTo.current = { id, seq: newest };
        markRead(id, newest)
          .then(() => {
            updateThread(queryClient, id, (t) => ({ ...t, conversation: { ...t.conversation, unread: 0 } }));
            patchListConversation(queryClient, id, (c) => ({ ...c, unread: 0 }));
            void queryClient.invalidateQueries({ queryKey: messagingKeys.unread });
          })
          .catch(() => {
            // Tried again with the next message or the next visit.
            if (sentUpTo.current?.id === id) sentUpTo.current = { id, seq: 0 };
          });
      }, 400);
    };
    attempt();
    document.addEventListener('visibilitychange', attempt);
    return () => {
      document.removeEventListener('visibilitychange', attempt);
      if (timer) clearTimeout(timer);
    };
  }, [id, newest, queryClient]);
}

function ThreadSkeleton() {
  const { t } = useMessagingText();
  return (
    <div role="status" aria-label={t('thread.loading')} className="flex flex-1 flex-col gap-3 p-4">
      <Skeleton className="h-10 w-1/2" />
      <Skeleton className="h-12 w-2/3" />
      <Skeleton className="ml-auto h-12 w-1/2" />
      <Skeleton className="h-16 w-3/5" />
    </div>
  );
}

export function ThreadPane({
  conversationId,
  meId,
  context,
  onClearContext,
  backTo,
}: {
  conversationId: string;
  meId: string;
  context: ConversationContextInput | null;
  onClearContext: () => void;
  backTo: string;
}) {
  const query = useThread(conversationId);
  const queryClient = useQueryClient();
  const { t } = useMessagingText();
  const language = useLanguage();
  const { send, retry, discard, local } = useSendMessage(conversationId, meId);
  const [reporting, setReporting] = useState(false);
  const [earlier, setEarlier] = useState<'idle' | 'loading' | 'failed'>('idle');
  const scrollRef = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const stickToBottom = useRef(true);
  const thread = query.data;
  useMarkRead(thread, meId);

  // The server's messages and the outbox's (a confirmed copy wins over its local one: same client_id).
  const loaded = thread?.messages;
  const messages = useMemo(() => mergeMessages(loaded ?? [], local), [loaded, local]);
  const other = thread?.conversation.other;
  const lastOther = [...messages].reverse().find((m) => m.sender_id !== meId);
  const typing = useTypingIndicator(conversationId, other?.id ?? '', lastOther?.id);
  const lastKey = messages.at(-1)?.id;

  // New messages at the bottom: follow them when already at the bottom (or when I sent one).
  // Earlier messages at the top: keep what was on screen in place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the messages or typing change
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
      return;
    }
    const mineLast = messages.at(-1)?.sender_id === meId;
    if (stickToBottom.current || mineLast) el.scrollTop = el.scrollHeight;
  }, [messages.length, lastKey, typing]);

  const header = (
    <div className="flex items-center gap-2 border-b border-border px-2 py-2 sm:px-4">
      <AppLink
        to={backTo}
        aria-label={t('thread.back')}
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-muted-fg hover:bg-muted hover:text-fg md:hidden"
      >
        <ArrowLeft aria-hidden="true" className="h-5 w-5" />
      </AppLink>
      {other ? (
        <>
          <Avatar src={other.avatar_url} name={other.name} className="h-10 w-10 text-sm" />
          <div className="min-w-0 flex-1">
            <h2 className="truncate font-bold leading-tight">
              {other.slug ? (
                <AppLink to={buildPath(ROUTES.provider, { slug: other.slug })} className="hover:underline">
                  {other.name}
                </AppLink>
              ) : (
                other.name
              )}
            </h2>
            <p className="truncate text-xs text-muted-fg">
              {other.role === 'provider' ? t('thread.provider') : t('thread.customer')}
            </p>
          </div>
          {other.whatsapp_url && (
            <a
              href={other.whatsapp_url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-full bg-leaf-600 px-3 text-sm font-semibold text-white hover:bg-leaf-700"
            >
              <MessageCircle aria-hidden="true" className="h-4 w-4" />
              {t('thread.whatsapp')}
            </a>
          )}
          {thread && <ThreadMenu conversation={thread.conversation} onReport={() => setReporting(true)} />}
        </>
      ) : (
        <Skeleton className="h-10 flex-1" />
      )}
    </div>
  );

  if (query.isPending) {
    return (
      <>
        {header}
        <ThreadSkeleton />
      </>
    );
  }
  if (query.isError || !thread || !other) {
    const missing = query.error instanceof ApiError && [403, 404].includes(query.error.status);
    return (
      <>
        {header}
        <div className="p-4">
          <Alert tone="danger" role="alert" title={missing ? t('thread.notFound') : t('thread.loadFailed')}>
            {!missing && (
              <>
                <p>{query.error?.message}</p>
                <Button
                  size="sm"
                  className="mt-3"
                  onClick={() => void query.refetch()}
                  busy={query.isFetching}
                >
                  {t('thread.tryAgain')}
                </Button>
              </>
            )}
            {missing && (
              <ButtonLink to={backTo} size="sm" variant="outline" className="mt-2">
                {t('thread.back')}
              </ButtonLink>
            )}
          </Alert>
        </div>
      </>
    );
  }

  const conversation = thread.conversation;
  const lastMine = [...messages].reverse().find((m) => m.sender_id === meId && !m.local);
  const blocked = conversation.blocked_by_me || conversation.blocked_me;

  const more = async () => {
    const el = scrollRef.current;
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    setEarlier('loading');
    try {
      await loadEarlier(queryClient, conversationId);
      setEarlier('idle');
    } catch {
      keepFromBottom.current = null;
      setEarlier('failed');
    }
  };

  let lastDay = '';
  return (
    <>
      {header}
      <div
        ref={scrollRef}
        onScroll={(event) => {
          const el = event.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-5"
      >
        {thread.has_more && (
          <div className="mb-4 flex justify-center">
            <Button size="sm" variant="outline" busy={earlier === 'loading'} onClick={() => void more()}>
              {t('thread.loadEarlier')}
            </Button>
          </div>
        )}
        {earlier === 'failed' && (
          <p role="alert" className="mb-3 text-center text-sm text-danger">
            {t('thread.loadFailed')}
          </p>
        )}
        {messages.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-fg">
            {t('thread.noMessages', { name: other.name })}
          </p>
        ) : (
          <ol aria-label={t('thread.messagesWith', { name: other.name })} className="flex flex-col gap-2">
            {messages.map((m) => {
              const day = formatDate(m.created_at, 'en', 'short-day');
              const separator = day !== lastDay;
              lastDay = day;
              const mine = m.sender_id === meId;
              const status =
                lastMine && m.id === lastMine.id
                  ? conversation.other_read_seq >= m.seq
                    ? 'read'
                    : 'sent'
                  : null;
              return (
                <Fragment key={m.id}>
                  {separator && (
                    <li
                      aria-hidden="true"
                      className="my-2 flex items-center gap-3 text-xs font-semibold text-muted-fg"
                    >
                      <span className="h-px flex-1 bg-border" />
                      {dayLabel(m.created_at, language, {
                        today: t('thread.today'),
                        yesterday: t('thread.yesterday'),
                      })}
                      <span className="h-px flex-1 bg-border" />
                    </li>
                  )}
                  <Bubble
                    message={m}
                    mine={mine}
                    otherName={other.name}
                    status={status}
                    onRetry={retry}
                    onDelete={discard}
                  />
                </Fragment>
              );
            })}
          </ol>
        )}
        {typing && (
          <p role="status" className="mt-3 flex items-center gap-2 text-sm text-muted-fg">
            <span className="inline-flex gap-0.5" aria-hidden="true">
              <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-muted-fg" />
              <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-muted-fg [animation-delay:150ms]" />
              <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-muted-fg [animation-delay:300ms]" />
            </span>
            {t('thread.typing', { name: other.name })}
          </p>
        )}
      </div>
      {blocked ? (
        <BlockedNotice conversation={conversation} />
      ) : (
        <Composer
          conversationId={conversationId}
          context={context}
          onClearContext={onClearContext}
          onSend={(out) => {
            stickToBottom.current = true;
            void send(out);
          }}
        />
      )}
      {reporting && (
        <ReportDialog
          userId={other.id}
          name={other.name}
          conversationId={conversationId}
          onClose={() => setReporting(false)}
        />
      )}
    </>
  );
}
