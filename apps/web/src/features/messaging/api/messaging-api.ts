import type {
  Conversation,
  ConversationContextInput,
  ConversationContextType,
  ConversationList,
  Message,
  MessageSearch,
  ReportReason,
  Thread,
} from '@adwuma/shared';
import {
  type InfiniteData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, api, NETWORK_MESSAGE, notifySessionExpired, toApiError } from '../../../lib/api.ts';
import { messagingKeys } from '../../realtime/index.ts';

/**
 * The messaging API of issue 9 on the client: the conversation list, one thread (kept in the cache
 * with the caller's not-yet-confirmed sends), sending text and photos, read receipts, search, block
 * and report. Live events from the realtime client land in the same caches (use-live-thread.ts).
 */

const enc = encodeURIComponent;
export const conversationsPath = '/api/conversations';
export const conversationPath = (id: string) => `${conversationsPath}/${enc(id)}`;

/**
 * A send not yet confirmed by the server, shown from the outbox until it is: 'pending' on its way,
 * 'waiting' to send when the network returns, 'failed' refused by the server.
 */
export interface LocalState {
  status: 'pending' | 'waiting' | 'failed';
  error?: string;
  /** 0…1 while a photo uploads. */
  progress?: number;
  /** What to send again on Retry (same client_id, so the server answers the first copy). */
  outgoing: Outgoing;
}
export type ThreadMessage = Message & { local?: LocalState };
export type ThreadData = Omit<Thread, 'messages'> & { messages: ThreadMessage[] };

export interface Outgoing {
  body: string;
  clientId: string;
  context?: ConversationContextInput;
  file?: File;
}

/* ------------------------------------------------------------------ lists */

export function useConversations() {
  return useInfiniteQuery({
    queryKey: messagingKeys.conversations,
    queryFn: ({ pageParam, signal }) =>
      api<ConversationList>(pageParam ? `${conversationsPath}?before=${enc(pageParam)}` : conversationsPath, {
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_before ?? undefined,
    staleTime: 30_000,
  });
}

/** Changes one conversation wherever the list holds it. */
export function patchListConversation(
  queryClient: QueryClient,
  id: string,
  patch: (c: Conversation) => Conversation,
): void {
  queryClient.setQueryData<InfiniteData<ConversationList>>(messagingKeys.conversations, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((c) => (c.id === id ? patch(c) : c)),
          })),
        }
      : data,
  );
}

/* ----------------------------------------------------------------- thread */

/** Sorts by seq; unconfirmed sends go last, in the order they were written. */
function order(a: ThreadMessage, b: ThreadMessage): number {
  const sa = a.local ? Number.MAX_SAFE_INTEGER : a.seq;
  const sb = b.local ? Number.MAX_SAFE_INTEGER : b.seq;
  return sa - sb || a.created_at.localeCompare(b.created_at);
}

/**
 * Adds messages to a thread: one already there (same id) is replaced, and a confirmed message
 * replaces the local copy with the same client_id.
 */
export function mergeMessages(existing: ThreadMessage[], incoming: ThreadMessage[]): ThreadMessage[] {
  const byKey = new Map<string, ThreadMessage>();
  const keyOf = (m: ThreadMessage) => (m.client_id ? `c:${m.client_id}` : `i:${m.id}`);
  for (const m of existing) byKey.set(keyOf(m), m);
  for (const m of incoming) {
    const key = keyOf(m);
    const old = byKey.get(key);
    // A confirmed copy is never replaced by a local one (a late optimistic write).
    if (old && !old.local && m.local) continue;
    byKey.set(key, m);
    if (!m.local && m.client_id) byKey.delete(`i:${m.id}`);
  }
  const seen = new Set<string>();
  return [...byKey.values()].filter((m) => !seen.has(m.id) && seen.add(m.id)).sort(order);
}

export const threadQuery = (id: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: messagingKeys.thread(id),
    queryFn: async ({ signal }): Promise<ThreadData> => {
      const thread = await api<Thread>(conversationPath(id), { signal });
      // A refetch keeps what was loaded before (older pages) and the unconfirmed sends.
      const old = queryClient.getQueryData<ThreadData>(messagingKeys.thread(id));
      if (!old) return thread;
      const oldest = thread.messages[0]?.seq ?? Number.POSITIVE_INFINITY;
      const older = old.messages.filter((m) => m.local || m.seq < oldest);
      const kept = older.length > 0 && thread.has_more;
      return {
        ...thread,
        messages: mergeMessages(older, thread.messages),
        has_more: kept ? old.has_more : thread.has_more,
      };
    },
    staleTime: 30_000,
  });

export function useThread(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({ ...threadQuery(id ?? '', queryClient), enabled: Boolean(id) });
}

export function updateThread(
  queryClient: QueryClient,
  id: string,
  update: (t: ThreadData) => ThreadData,
): void {
  queryClient.setQueryData<ThreadData>(messagingKeys.thread(id), (t) => (t ? update(t) : t));
}

/** Older messages, before the first one shown. */
export async function loadEarlier(queryClient: QueryClient, id: string): Promise<void> {
  const current = queryClient.getQueryData<ThreadData>(messagingKeys.thread(id));
  const first = current?.messages.find((m) => !m.local);
  if (!current || !first) return;
  const page = await api<Thread>(`${conversationPath(id)}?before_seq=${first.seq}`);
  updateThread(queryClient, id, (t) => ({
    ...t,
    messages: mergeMessages(page.messages, t.messages),
    has_more: page.has_more,
  }));
}

/* ------------------------------------------------------------- starting */

export function startConversation(recipientId: string, context?: ConversationContextInput) {
  return api<Conversation>(conversationsPath, {
    method: 'POST',
    json: { recipient_id: recipientId, ...(context ? { context } : {}) },
  });
}

/** `job:<uuid>` → { type, id }; anything else → undefined. */
export function parseContextParam(value: string | null): ConversationContextInput | undefined {
  const match = value?.match(/^(job|bid|quote|booking):([\w-]{1,64})$/);
  if (!match) return undefined;
  return { type: match[1] as ConversationContextType, id: match[2]! };
}

/* --------------------------------------------------------------- sending */

export function sendText(conversationId: string, out: Outgoing): Promise<Message> {
  return api<Message>(`${conversationPath(conversationId)}/messages`, {
    method: 'POST',
    json: { body: out.body, client_id: out.clientId, ...(out.context ? { context: out.context } : {}) },
  });
}

/**
 * POST the photo with its text fields (multipart) through XMLHttpRequest, for the upload progress.
 * Errors as the api client's.
 */
export function sendImage(
  conversationId: string,
  out: Outgoing & { file: File },
  onProgress?: (fraction: number) => void,
): Promise<Message> {
  const path = `${conversationPath(conversationId)}/messages/image`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as Message);
        return;
      }
      const error = toApiError(xhr.status, body);
      if (error.code === 'SESSION_EXPIRED') notifySessionExpired(path);
      reject(error);
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE)));
    const form = new FormData();
    // The text fields first, the file last.
    if (out.body) form.append('body', out.body);
    form.append('client_id', out.clientId);
    if (out.context) {
      form.append('context_type', out.context.type);
      form.append('context_id', out.context.id);
    }
    form.append('file', out.file);
    xhr.send(form);
  });
}

/* ------------------------------------------------------------------ read */

export function markRead(conversationId: string, seq: number) {
  return api<{ conversation_id: string; last_read_seq: number }>(`${conversationPath(conversationId)}/read`, {
    method: 'POST',
    json: { seq },
  });
}

/* ---------------------------------------------------------------- search */

export function useMessageSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: ['messages', 'search', term] as const,
    queryFn: ({ signal }) => api<MessageSearch>(`/api/messages/search?q=${enc(term)}`, { signal }),
    enabled: term.length >= 2,
    staleTime: 10_000,
  });
}

/* ------------------------------------------------------- block and report */

export function useBlock(conversationId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) =>
      api<{ user_id: string; blocked: boolean }>(`/api/users/${enc(userId)}/block`, {
        method: block ? 'POST' : 'DELETE',
      }),
    onSuccess: ({ blocked }) => {
      updateThread(queryClient, conversationId, (t) => ({
        ...t,
        conversation: { ...t.conversation, blocked_by_me: blocked },
      }));
      patchListConversation(queryClient, conversationId, (c) => ({ ...c, blocked_by_me: blocked }));
    },
  });
}

export interface ReportInput {
  user_id: string;
  conversation_id?: string;
  reason: ReportReason;
  details: string;
}

export function useReport() {
  return useMutation({
    mutationFn: (input: ReportInput) => api<{ id: string }>('/api/reports', { method: 'POST', json: input }),
  });
}
