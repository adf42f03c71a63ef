import { z } from 'zod';
import type { ActivityItem } from '../admin/operations.ts';
import { personSchema } from '../jobs/api.ts';
import { notificationSchema } from '../notifications/schemas.ts';
import {
  CONVERSATION_CONTEXTS,
  MESSAGE_MAX_LENGTH,
  MESSAGE_SEARCH_MAX,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_STATUSES,
} from './rules.ts';

/**
 * The messaging API (issue 9). REST for everything that changes data; the WebSocket at
 * /api/realtime only pushes events (and carries typing and pings).
 *
 * POST /api/conversations                      start (or find) one: startConversationRequest → conversationSchema
 * GET  /api/conversations?before=<iso>          your conversations, newest first → conversationListSchema
 * GET  /api/conversations/:id?before_seq=N      one thread (messages oldest first) → threadSchema
 * POST /api/conversations/:id/messages          send text: sendMessageRequest → messageSchema (201)
 * POST /api/conversations/:id/messages/image    multipart: file + body? + client_id? + context_*? → messageSchema
 * GET  /api/conversations/:id/attachments/:messageId   the image (members only)
 * POST /api/conversations/:id/read              readRequest → readAnswer
 * GET  /api/messages/unread                     → unreadSchema (header badge)
 * GET  /api/messages/search?q=                  → messageSearchSchema
 * POST/DELETE /api/users/:id/block              → blockAnswer
 * POST /api/reports                             reportRequest → reportSchema (201)
 * GET  /api/admin/reports?status=               → adminReportListSchema
 * POST /api/admin/reports/:id/resolve           resolveReportRequest → adminReportSchema
 * GET  /api/realtime/events?since=N             missed events (the WebSocket's catch-up, also over HTTP)
 */

export const conversationContextInput = z.object({
  type: z.enum(CONVERSATION_CONTEXTS),
  id: z.uuid({ error: 'Choose a valid job, bid, quote request or booking.' }),
});
export type ConversationContextInput = z.infer<typeof conversationContextInput>;

/** What a message is about, as both parties see it. */
export const messageContextSchema = z.object({
  type: z.enum(CONVERSATION_CONTEXTS),
  id: z.string(),
  /** e.g. the job's title, "Quote request: Kente for a wedding", "Booking on 12 Dec". */
  title: z.string(),
  /** App path, e.g. /task/<id>, /bookings/<id>. */
  link: z.string(),
});
export type MessageContext = z.infer<typeof messageContextSchema>;

export const messageAttachmentSchema = z.object({
  /** Members-only URL of the image. */
  url: z.string(),
  content_type: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

export const messageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  seq: z.number().int(),
  sender_id: z.string(),
  body: z.string(),
  client_id: z.string().nullable(),
  attachment: messageAttachmentSchema.nullable(),
  context: messageContextSchema.nullable(),
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationPartySchema = personSchema.extend({
  role: z.enum(['customer', 'provider']),
  /** Public profile slug (providers with a listed profile). */
  slug: z.string().nullable(),
  /** https://wa.me/<number>, only for a provider with WhatsApp enabled and a phone number. */
  whatsapp_url: z.string().nullable(),
});

export const conversationSchema = z.object({
  id: z.string(),
  my_role: z.enum(['customer', 'provider']),
  other: conversationPartySchema,
  last_message: z
    .object({
      seq: z.number().int(),
      sender_is_me: z.boolean(),
      /** Up to 140 characters of the text, or '' for a photo. */
      preview: z.string(),
      has_attachment: z.boolean(),
      created_at: z.string(),
    })
    .nullable(),
  last_seq: z.number().int(),
  /** Messages from the other side you have not read. */
  unread: z.number().int(),
  /** The seq the other side has read up to (read receipts). */
  other_read_seq: z.number().int(),
  blocked_by_me: z.boolean(),
  blocked_me: z.boolean(),
  created_at: z.string(),
  /** Newest activity (last message or creation); the list's order. */
  updated_at: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.object({
  items: z.array(conversationSchema),
  /** Pass as `before` for the next page; null at the end. */
  next_before: z.string().nullable(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const threadSchema = z.object({
  conversation: conversationSchema,
  /** Oldest first. */
  messages: z.array(messageSchema),
  /** Older messages exist: ask with before_seq = messages[0].seq. */
  has_more: z.boolean(),
});
export type Thread = z.infer<typeof threadSchema>;

export const startConversationRequest = z.object({
  recipient_id: z.string().min(1, 'Choose who to message.').max(100),
  context: conversationContextInput.optional(),
});
export type StartConversationRequest = z.infer<typeof startConversationRequest>;

export const sendMessageRequest = z.object({
  body: z.string().max(MESSAGE_MAX_LENGTH * 4, 'Messages can be at most 5,000 characters.'),
  /** The client's id for this send (idempotent retries): 1-64 of [A-Za-z0-9_-]. */
  client_id: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'client_id must be 1-64 letters, digits, _ or -.')
    .optional(),
  context: conversationContextInput.optional(),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequest>;

export const readRequest = z.object({ seq: z.number().int().min(0) });
export const readAnswer = z.object({ conversation_id: z.string(), last_read_seq: z.number().int() });

export const unreadSchema = z.object({
  /** Conversations with unread messages. */
  conversations: z.number().int(),
  messages: z.number().int(),
});
export type Unread = z.infer<typeof unreadSchema>;

export const messageSearchRequest = z.object({
  q: z
    .string()
    .trim()
    .min(2, 'Type at least 2 characters to search.')
    .max(MESSAGE_SEARCH_MAX, `Search at most ${MESSAGE_SEARCH_MAX} characters.`),
});
export const messageSearchSchema = z.object({
  items: z.array(
    z.object({
      message: messageSchema,
      other: conversationPartySchema,
    }),
  ),
});
export type MessageSearch = z.infer<typeof messageSearchSchema>;

export const blockAnswer = z.object({ user_id: z.string(), blocked: z.boolean() });

export const reportRequest = z.object({
  user_id: z.string().min(1).max(100),
  conversation_id: z.uuid().optional(),
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason.' }),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, `Details can be at most ${REPORT_DETAILS_MAX} characters.`)
    .default(''),
});
export type ReportRequest = z.infer<typeof reportRequest>;

export const reportSchema = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
});

export const adminReportSchema = reportSchema.extend({
  details: z.string(),
  reporter: personSchema.extend({ email: z.string().nullable() }),
  reported: personSchema.extend({ email: z.string().nullable() }),
  conversation_id: z.string().nullable(),
  /** The last messages of the conversation, oldest first, for context (up to 20). */
  recent_messages: z.array(messageSchema),
  resolution_note: z.string().nullable(),
  resolved_at: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportListSchema = z.object({ items: z.array(adminReportSchema), total: z.number().int() });
export const resolveReportRequest = z.object({
  status: z.enum(['resolved', 'dismissed']),
  note: z.string().trim().min(1, 'Say what was done.').max(1000),
});

/** GET /api/admin/disputes/:id/conversation: the parties' messages (newest 200, oldest first). */
export const adminConversationSchema = z.object({
  conversation_id: z.string().nullable(),
  messages: z.array(messageSchema),
});
export type AdminConversation = z.infer<typeof adminConversationSchema>;

/* ---------------------------------------------------------------- realtime */

/** A stored event, numbered per user (`seq`); what the WebSocket pushes and catch-up answers. */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: messageSchema }),
  z.object({
    type: z.literal('read'),
    conversation_id: z.string(),
    reader_id: z.string(),
    seq: z.number().int(),
  }),
  z.object({ type: z.literal('notification'), notification: notificationSchema }),
  /** Something about the conversation changed (block, first message): refetch it. */
  z.object({ type: z.literal('conversation'), conversation_id: z.string() }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** Server → client frames. */
export type ServerFrame =
  | { type: 'event'; seq: number; event: RealtimeEvent }
  /** Sent after the replay of missed events: the client is live from `seq` on. */
  | { type: 'ready'; seq: number; server_time: string }
  /** `since` is older than what is kept: refetch everything, then continue from `seq`. */
  | { type: 'reset'; seq: number }
  | { type: 'typing'; conversation_id: string; user_id: string }
  | { type: 'pong'; id: string; server_time: string }
  | { type: 'error'; code: string; message: string; retry_after_ms?: number }
  /** Issue 19: pushed to admins' sockets only, for the live feed on /admin/activity. */
  | { type: 'activity'; item: ActivityItem }
  /** Issue 19: the user's sessions were ended by an admin (suspension, forced reset); the socket closes after it. */
  | { type: 'signed_out'; reason: 'suspended' | 'password_reset' };

/** Client → server frames. Anything else is answered with an error frame. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping'), id: z.string().max(64) }),
  z.object({ type: z.literal('typing'), conversation_id: z.uuid() }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** GET /api/realtime/events?since=N. */
export const missedEventsSchema = z.object({
  events: z.array(z.object({ seq: z.number().int(), event: realtimeEventSchema })),
  /** The user's newest seq. */
  seq: z.number().int(),
  /** True when `since` was older than what is kept (refetch everything). */
  reset: z.boolean(),
});
export type MissedEvents = z.infer<typeof missedEventsSchema>;
