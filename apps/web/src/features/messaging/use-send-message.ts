import { type Message, messageBodyProblem } from '@adwuma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { getOutbox, messagingKeys, type OutboxEntry, useOutboxEntries } from '../realtime/index.ts';
import {
  mergeMessages,
  type Outgoing,
  sendImage,
  type ThreadMessage,
  updateThread,
} from './api/messaging-api.ts';

/** A fresh client_id for one send; a retry reuses it so the server answers the first copy. */
export function newClientId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/** The copy shown in the thread while a message is in the outbox (waiting, sending or refused). */
export function localCopy(entry: OutboxEntry, meId: string): ThreadMessage {
  const outgoing: Outgoing = {
    body: entry.body,
    clientId: entry.clientId,
    ...(entry.context ? { context: entry.context } : {}),
    ...(entry.file ? { file: entry.file } : {}),
  };
  return {
    id: `local-${entry.clientId}`,
    conversation_id: entry.conversationId,
    seq: Number.MAX_SAFE_INTEGER,
    sender_id: meId,
    body: entry.body,
    client_id: entry.clientId,
    attachment:
      entry.file && entry.previewUrl
        ? { url: entry.previewUrl, content_type: entry.file.type, width: null, height: null }
        : null,
    // The title is the context type's label until the server names it (thread.tsx).
    context: entry.context ? { type: entry.context.type, id: entry.context.id, title: '', link: '' } : null,
    created_at: entry.createdAt,
    local: {
      status: entry.state === 'sending' ? 'pending' : entry.state,
      error: entry.error,
      progress: entry.progress,
      outgoing,
    },
  };
}

/** Puts the server's copy of a sent message into its thread (it replaces the local copy by client_id). */
export function applySent(queryClient: ReturnType<typeof useQueryClient>, saved: Message): void {
  updateThread(queryClient, saved.conversation_id, (t) => ({
    ...t,
    conversation: { ...t.conversation, last_seq: Math.max(t.conversation.last_seq, saved.seq) },
    messages: mergeMessages(t.messages, [saved]),
  }));
}

/**
 * Sending through the outbox (issue 21): the message shows at once ("Sending…", or "Waiting to send"
 * offline), is kept until the server confirms it, then the server's copy takes its place (matched
 * by client_id, so the realtime echo and a refetch do not show it twice). A refusal stays with the
 * server's reason, Retry (same client_id) and Delete.
 */
export function useSendMessage(conversationId: string, meId: string) {
  const queryClient = useQueryClient();
  const box = getOutbox(meId);
  const entries = useOutboxEntries(meId, conversationId);

  useEffect(
    () =>
      box.subscribe((change) => {
        if (change.type !== 'sent') return;
        applySent(queryClient, change.message);
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
      }),
    [box, queryClient],
  );

  const afterRound = useCallback(
    (clientId: string) => {
      // A block or a closed conversation: refetch to show the notice instead of the composer.
      if (box.get(clientId)?.state === 'failed')
        void queryClient.invalidateQueries({ queryKey: messagingKeys.thread(conversationId) });
    },
    [box, conversationId, queryClient],
  );

  const send = useCallback(
    async (out: Outgoing) => {
      if (messageBodyProblem(out.body, Boolean(out.file))) return;
      await box.add({
        clientId: out.clientId,
        conversationId,
        body: out.body,
        ...(out.context ? { context: out.context } : {}),
        ...(out.file
          ? {
              file: out.file,
              previewUrl: URL.createObjectURL(out.file),
              sendWith: (entry, onProgress) =>
                sendImage(
                  entry.conversationId,
                  { body: entry.body, clientId: entry.clientId, context: entry.context, file: out.file! },
                  onProgress,
                ),
            }
          : {}),
      });
      afterRound(out.clientId);
    },
    [box, conversationId, afterRound],
  );

  const retry = useCallback(
    (m: ThreadMessage) => {
      if (!m.client_id) return;
      const clientId = m.client_id;
      void box.retry(clientId).then(() => afterRound(clientId));
    },
    [box, afterRound],
  );

  const discard = useCallback(
    (m: ThreadMessage) => {
      if (m.client_id) box.remove(m.client_id);
    },
    [box],
  );

  const local = useMemo(() => entries.map((e) => localCopy(e, meId)), [entries, meId]);

  return { send, retry, discard, local };
}
