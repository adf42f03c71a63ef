import { TYPING_TTL_MS } from '@adwuma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { realtime } from '../../lib/realtime.ts';
import { messagingKeys } from '../realtime/realtime-keys.ts';
import { mergeMessages, patchListConversation, updateThread } from './api/messaging-api.ts';

/**
 * Live messaging while /messaging is open: new messages go into their thread's cache (deduped, my
 * optimistic copy replaced by client_id), read receipts move `other_read_seq`, and a changed
 * conversation (block, first message) is refetched. The list and the header badge are refreshed by
 * invalidation (the app's RealtimeBridge does the same; a second invalidation costs nothing).
 */
export function useLiveMessaging(meId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!meId) return;
    // Idempotent: the app's realtime bridge normally started it already.
    realtime.start();
    const offEvent = realtime.onEvent((event) => {
      switch (event.type) {
        case 'message': {
          const m = event.message;
          updateThread(queryClient, m.conversation_id, (t) => ({
            ...t,
            conversation: {
              ...t.conversation,
              last_seq: Math.max(t.conversation.last_seq, m.seq),
            },
            messages: mergeMessages(t.messages, [m]),
          }));
          void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
          break;
        }
        case 'read': {
          if (event.reader_id === meId) break;
          const raise = <T extends { other_read_seq: number }>(c: T): T => ({
            ...c,
            other_read_seq: Math.max(c.other_read_seq, event.seq),
          });
          updateThread(queryClient, event.conversation_id, (t) => ({
            ...t,
            conversation: raise(t.conversation),
          }));
          patchListConversation(queryClient, event.conversation_id, raise);
          break;
        }
        case 'conversation':
          void queryClient.invalidateQueries({ queryKey: messagingKeys.thread(event.conversation_id) });
          void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
          break;
        default:
          break;
      }
    });
    const offControl = realtime.onControl((signal) => {
      if (signal === 'reset') {
        void queryClient.invalidateQueries({ queryKey: ['conversation'] });
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
      }
    });
    return () => {
      offEvent();
      offControl();
    };
  }, [meId, queryClient]);
}

/**
 * Whether the other member is typing in this conversation: true from their typing frame until
 * TYPING_TTL_MS without another, or until `lastOtherMessageId` changes (their message arrived).
 */
export function useTypingIndicator(
  conversationId: string,
  otherId: string,
  lastOtherMessageId: string | undefined,
): boolean {
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    setTyping(false);
    const off = realtime.onFrame((frame) => {
      if (frame.type !== 'typing') return;
      if (frame.conversation_id !== conversationId || frame.user_id !== otherId) return;
      setTyping(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setTyping(false), TYPING_TTL_MS);
    });
    return () => {
      off();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [conversationId, otherId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: hides it when their message arrives
  useEffect(() => {
    if (timer.current) clearTimeout(timer.current);
    setTyping(false);
  }, [lastOtherMessageId]);

  return typing;
}
