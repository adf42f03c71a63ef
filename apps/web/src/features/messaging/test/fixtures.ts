import type { Conversation, Message, ServerFrame, Thread } from '@adwuma/shared';
import { act } from '@testing-library/react';
import { realtime } from '../../../lib/realtime.ts';

export const ME = 'user-1';
export const OTHER = 'provider-9';
export const CONVERSATION_ID = '0d6f5c3a-2b1e-4c7d-8e9f-1a2b3c4d5e6f';

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: CONVERSATION_ID,
    my_role: 'customer',
    other: {
      id: OTHER,
      name: 'Kofi Boateng',
      avatar_url: null,
      role: 'provider',
      slug: 'kofi-boateng-k3x9q2',
      whatsapp_url: null,
    },
    last_message: null,
    last_seq: 0,
    unread: 0,
    other_read_seq: 0,
    blocked_by_me: false,
    blocked_me: false,
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export function message(seq: number, overrides: Partial<Message> = {}): Message {
  return {
    id: `m-${seq}`,
    conversation_id: CONVERSATION_ID,
    seq,
    sender_id: OTHER,
    body: `Message ${seq}`,
    client_id: null,
    attachment: null,
    context: null,
    created_at: new Date(Date.now() - (10 - seq) * 60_000).toISOString(),
    ...overrides,
  };
}

export function thread(messages: Message[], overrides: Partial<Conversation> = {}): Thread {
  const last = messages.at(-1)?.seq ?? 0;
  return {
    conversation: conversation({ last_seq: last, ...overrides }),
    messages,
    has_more: false,
  };
}

let nextSeq = 1;

/** Pushes one server frame through the app's realtime client (as if from the socket). */
export function emit(frame: ServerFrame): void {
  act(() => {
    (realtime as unknown as { receive(f: ServerFrame): void }).receive(frame);
  });
}

/** A stored event, numbered after the last one applied. */
export function emitEvent(event: Extract<ServerFrame, { type: 'event' }>['event']): void {
  nextSeq = Math.max(nextSeq, realtime.lastSeq + 1);
  emit({ type: 'event', seq: nextSeq, event });
  nextSeq += 1;
}
