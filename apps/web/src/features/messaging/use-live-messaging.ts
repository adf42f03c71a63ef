import { TYPING_TTL_MS } from '@adwuma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { realtime } from '../../lib/realtime.ts';
import { messagingKeys } from '../realtime/index.ts';
import { mergeMessages, patchListConversation, updateThread } from './api/messaging-api.ts';

/**
 * Live messaging while /messaging is open: new messages go into their thread's cache (deduped, my
 * optimistic copy replaced by client_id), read receipts move `other_read_seq`, and a changed
 * conversation (block, first message) is refetched. The list, the header badge and a reset are the
 * RealtimeBridge's (it invalidates them on every event).
 */
export function useLiveMessaging(meId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!meId) return;
    // The app's RealtimeBridge connects, and refreshes the list and the badge on every event.
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
          break;
        default:
          break;
      }
    });
    return offEvent;
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
