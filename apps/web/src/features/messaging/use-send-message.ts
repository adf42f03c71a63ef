import type { Message } from '@adwuma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { UNEXPECTED_MESSAGE } from '../../lib/api.ts';
import { messagingKeys } from '../realtime/index.ts';
import {
  mergeMessages,
  type Outgoing,
  sendImage,
  sendText,
  type ThreadMessage,
  updateThread,
} from './api/messaging-api.ts';
import { CONTEXT_LABELS } from './links.ts';

/** A fresh client_id for one send; a retry reuses it so the server answers the first copy. */
export function newClientId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/** The optimistic copy shown at once, marked pending. */
function localCopy(conversationId: string, meId: string, out: Outgoing, previewUrl?: string): ThreadMessage {
  return {
    id: `local-${out.clientId}`,
    conversation_id: conversationId,
    seq: Number.MAX_SAFE_INTEGER,
    sender_id: meId,
    body: out.body,
    client_id: out.clientId,
    attachment:
      out.file && previewUrl
        ? { url: previewUrl, content_type: out.file.type, width: null, height: null }
        : null,
    context: out.context
      ? { type: out.context.type, id: out.context.id, title: CONTEXT_LABELS[out.context.type], link: '' }
      : null,
    created_at: new Date().toISOString(),
    local: { status: 'pending', outgoing: out, progress: out.file ? 0 : undefined },
  };
}

/**
 * Optimistic sending: the message shows at once (pending), is replaced by the server's copy when
 * confirmed (by client_id), or stays with the server's reason and a Retry (same client_id).
 */
export function useSendMessage(conversationId: string, meId: string) {
  const queryClient = useQueryClient();

  const patchLocal = useCallback(
    (clientId: string, patch: (m: ThreadMessage) => ThreadMessage) =>
      updateThread(queryClient, conversationId, (t) => ({
        ...t,
        messages: t.messages.map((m) => (m.local && m.client_id === clientId ? patch(m) : m)),
      })),
    [queryClient, conversationId],
  );

  const deliver = useCallback(
    async (out: Outgoing) => {
      try {
        const saved: Message = out.file
          ? await sendImage(conversationId, { ...out, file: out.file }, (progress) =>
              patchLocal(out.clientId, (m) => (m.local ? { ...m, local: { ...m.local, progress } } : m)),
            )
          : await sendText(conversationId, out);
        updateThread(queryClient, conversationId, (t) => {
          // The local preview of a photo is not needed once the server's copy shows.
          const local = t.messages.find((m) => m.local && m.client_id === out.clientId);
          if (local?.attachment?.url.startsWith('blob:')) URL.revokeObjectURL(local.attachment.url);
          return t;
        });
        updateThread(queryClient, conversationId, (t) => ({
          ...t,
          conversation: { ...t.conversation, last_seq: Math.max(t.conversation.last_seq, saved.seq) },
          messages: mergeMessages(t.messages, [saved]),
        }));
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
        return true;
      } catch (error) {
        const reason = error instanceof Error && error.message ? error.message : UNEXPECTED_MESSAGE;
        patchLocal(out.clientId, (m) =>
          m.local ? { ...m, local: { ...m.local, status: 'failed', error: reason, progress: undefined } } : m,
        );
        // A block or a closed conversation: refetch to show the notice instead of the composer.
        void queryClient.invalidateQueries({ queryKey: messagingKeys.thread(conversationId) });
        return false;
      }
    },
    [conversationId, patchLocal, queryClient],
  );

  const send = useCallback(
    (out: Outgoing) => {
      const preview = out.file ? URL.createObjectURL(out.file) : undefined;
      updateThread(queryClient, conversationId, (t) => ({
        ...t,
        messages: mergeMessages(t.messages, [localCopy(conversationId, meId, out, preview)]),
      }));
      return deliver(out);
    },
    [conversationId, meId, deliver, queryClient],
  );

  const retry = useCallback(
    (m: ThreadMessage) => {
      if (!m.local) return;
      const out = m.local.outgoing;
      patchLocal(out.clientId, (x) =>
        x.local
          ? {
              ...x,
              local: { ...x.local, status: 'pending', error: undefined, progress: out.file ? 0 : undefined },
            }
          : x,
      );
      void deliver(out);
    },
    [deliver, patchLocal],
  );

  return { send, retry };
}
