import type { ConversationContextInput } from '@adwuma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { useSession } from '../auth/index.ts';
import { messagingKeys, useOutboxSync } from '../realtime/index.ts';
import { parseContextParam, startConversation } from './api/messaging-api.ts';
import { ConversationList } from './conversation-list.tsx';
import { useMessagingText } from './i18n.ts';
import { conversationLink } from './links.ts';
import { ThreadPane } from './thread.tsx';
import { useLiveMessaging } from './use-live-messaging.ts';

/** The context of ?context= carried to the first message of the conversation it started. */
interface PendingContext {
  conversationId: string;
  context: ConversationContextInput;
}

/**
 * `?to=<userId>&context=<type>:<id>`: starts (or finds) the conversation, then shows it as ?c=<id>
 * (replacing the address, so Back does not start it again). The context waits in the composer.
 */
function useStartFromLink(onContext: (pending: PendingContext) => void) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const to = params.get('to');
  const contextParam = params.get('context');
  const [error, setError] = useState<string | null>(null);
  const started = useRef<string | null>(null);
  const onContextRef = useRef(onContext);
  onContextRef.current = onContext;

  useEffect(() => {
    if (!to) return;
    const key = `${to}|${contextParam ?? ''}`;
    // Once per link (a re-render or StrictMode's second effect does not start it twice).
    if (started.current === key) return;
    started.current = key;
    setError(null);
    const context = parseContextParam(contextParam);
    startConversation(to, context)
      .then((conversation) => {
        if (context) onContextRef.current({ conversationId: conversation.id, context });
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
        navigate(conversationLink(conversation.id), { replace: true });
      })
      .catch((failure: unknown) => {
        started.current = null;
        setError(failure instanceof Error ? failure.message : String(failure));
      });
  }, [to, contextParam, navigate, queryClient]);

  return { starting: Boolean(to) && !error, error: to ? error : null };
}

/** /messaging (issue 9): conversations and a thread; two panes on wide screens, one on phones. */
export function MessagingPage() {
  const { t } = useMessagingText();
  useDocumentTitle(t('page.title'));
  const { user } = useSession();
  const meId = user?.id;
  // The app's RealtimeBridge does this too; here it also holds where the bridge is not mounted.
  useOutboxSync(meId);
  const [params] = useSearchParams();
  const selected = params.get('c');
  const [pending, setPending] = useState<PendingContext | null>(null);
  const { starting, error } = useStartFromLink(setPending);
  useLiveMessaging(meId);

  const showThread = Boolean(selected) || starting || Boolean(error);

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-6xl md:px-6 md:py-6">
      <div className="flex min-w-0 flex-1 overflow-hidden bg-card md:rounded-2xl md:border md:border-border md:shadow-sm">
        <section
          aria-label={t('page.conversations')}
          className={`${showThread ? 'hidden md:flex' : 'flex'} w-full min-w-0 flex-col md:w-80 md:shrink-0 md:border-r md:border-border lg:w-96`}
        >
          <ConversationList selectedId={selected} />
        </section>
        <section
          aria-label={t('page.conversation')}
          className={`${showThread ? 'flex' : 'hidden md:flex'} min-w-0 flex-1 flex-col`}
        >
          {/* On a phone the thread hides the list and its h1: the page keeps one, for screen readers. */}
          {showThread && <h1 className="sr-only md:hidden">{t('list.title')}</h1>}
          {error ? (
            <div className="p-4">
              <Alert tone="danger" role="alert" title={t('page.startFailed')}>
                <p>{error}</p>
                <ButtonLink to={ROUTES.messaging} size="sm" variant="outline" className="mt-3">
                  {t('page.back')}
                </ButtonLink>
              </Alert>
            </div>
          ) : starting ? (
            <p role="status" className="flex flex-1 items-center justify-center gap-2 text-sm text-muted-fg">
              <Spinner className="h-4 w-4" />
              {t('page.starting')}
            </p>
          ) : selected && meId ? (
            <ThreadPane
              key={selected}
              conversationId={selected}
              meId={meId}
              context={pending?.conversationId === selected ? pending.context : null}
              onClearContext={() => setPending(null)}
              backTo={ROUTES.messaging}
            />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center p-8 text-center">
              <MessagesSquare aria-hidden="true" className="h-10 w-10 text-muted-fg" />
              <p className="mt-3 font-semibold">{t('page.pick')}</p>
              <p className="mt-1 text-sm text-muted-fg">{t('page.pickText')}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
