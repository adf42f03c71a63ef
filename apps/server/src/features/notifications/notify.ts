import {
  channelsFor,
  escapeHtml,
  isLanguage,
  isSmsKind,
  type Notification,
  type NotificationChannel,
  type TestNotificationAnswer,
} from '@adwuma/shared';
import { and, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { authUsers, notifications, profiles, smsOutbox } from '../../db/schema.ts';
import { fill, greetingOf, MAIL_TEXTS, mailLanguage } from '../../lib/mail/texts.ts';
import { sendSms } from '../../lib/sms/index.ts';
import type { Deps } from '../../types.ts';
import { appendEvents, isConnected, type UserEvent } from '../realtime/index.ts';
import { choiceKey, storedChoices } from './preferences.ts';
import { pushToUser } from './push.ts';
import { smsText } from './sms-text.ts';

/** The job-queue name of the mail that goes with an in-app notice. */
export const NOTICE_MAIL_QUEUE = 'notice-mail';

/** The job-queue name of the web push that goes with a notice. */
export const NOTICE_PUSH_QUEUE = 'notice-push';

/** Issue 21: the job-queue name of the SMS that goes with a notice. */
export const NOTICE_SMS_QUEUE = 'notice-sms';

/** At most one "new message" SMS per conversation (notice link) and user in this time. */
export const MESSAGE_SMS_WINDOW_MS = 30 * 60 * 1000;

const noticeMailKey = (notificationId: string) => `notice:${notificationId}`;
const noticePushKey = (notificationId: string) => `notice-push:${notificationId}`;
/** The SMS's dedupe key in sms_outbox: a retried job never sends twice. */
export const noticeSmsKey = (notificationId: string) => `notification:${notificationId}`;

export interface Notice {
  userId: string;
  /** A NOTIFICATION_KINDS value: 'job', 'bid', 'quote', 'booking', ... */
  kind: string;
  title: string;
  body: string;
  /** An app path, e.g. /task/<id>. */
  link: string | null;
  /** Also send the notice by mail (after the transaction commits, through `sendNoticeMails`). */
  mail?: boolean;
  /**
   * Issue 21: the notice is its kind's SMS event (booking confirmed, payment received, new
   * message): it also goes by SMS if the user chose SMS for the kind and has a verified phone.
   */
  sms?: boolean;
}

/** The realtime shape of a stored notice (notificationSchema). */
export function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read_at: row.read_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Stores notices inside the caller's transaction (so they exist exactly when the change that caused
 * them does), each with the channels it goes out on: the user's preferences for its kind (one query
 * for all), mail only where the notice asks for it. A notice its user turned off in the app is
 * stored already read (it never counts as unread, nor is it listed); one shown in the app is also
 * appended as a realtime 'notification' event, together with `events` (the caller's own events, so
 * all of them take their users' locks in one go: see appendEvents). Answers the ids that need
 * delivery after commit (mail and/or push): hand them to `sendNoticeMails`.
 */
export async function insertNotices(tx: Tx, notices: Notice[], events: UserEvent[] = []): Promise<string[]> {
  if (notices.length === 0) {
    await appendEvents(tx, events);
    return [];
  }
  const stored = await storedChoices(tx, notices);
  const phoneReady = await verifiedPhones(
    tx,
    notices.filter((n) => n.sms && isSmsKind(n.kind)).map((n) => n.userId),
  );
  const now = new Date();
  const rows = await tx
    .insert(notifications)
    .values(
      notices.map((n) => {
        const channels = channelsFor(
          stored.get(choiceKey(n.userId, n.kind)),
          n.mail ?? false,
          (n.sms ?? false) && phoneReady.has(n.userId),
          n.kind,
        );
        return {
          user_id: n.userId,
          kind: n.kind,
          title: n.title,
          body: n.body,
          link: n.link,
          in_app: channels.in_app,
          email: channels.email,
          push: channels.push,
          sms: channels.sms,
          read_at: channels.in_app ? null : now,
        };
      }),
    )
    .returning();
  const realtime: UserEvent[] = rows
    .filter((r) => r.in_app)
    .map((r) => ({ userId: r.user_id, event: { type: 'notification', notification: toNotification(r) } }));
  await appendEvents(tx, [...events, ...realtime]);
  return rows.filter((r) => r.email || r.push || r.sms).map((r) => r.id);
}

/** The users among these with a verified phone number (SMS can reach them). */
export async function verifiedPhones(
  tx: Tx | Deps['database']['db'],
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(
      and(
        inArray(authUsers.id, [...new Set(userIds)]),
        eq(authUsers.phoneNumberVerified, true),
        isNotNull(authUsers.phoneNumber),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Queues the delivery of each notice (after commit): a mail job where it goes out by mail, a push
 * job where it goes out by push. Two queues so a failing mail (retried) never repeats a push, and a
 * push never waits on the mail. A failure to queue is logged, never thrown: the notice is already
 * stored and the user's action succeeded.
 */
export async function sendNoticeMails(deps: Deps, ids: string[], log: FastifyBaseLogger): Promise<void> {
  if (ids.length === 0) return;
  let rows: { id: string; email: boolean; push: boolean; sms: boolean }[];
  try {
    rows = await deps.database.db
      .select({
        id: notifications.id,
        email: notifications.email,
        push: notifications.push,
        sms: notifications.sms,
      })
      .from(notifications)
      .where(inArray(notifications.id, ids));
  } catch (error) {
    log.error({ err: error, notificationIds: ids }, 'could not read the notices to deliver');
    return;
  }
  for (const row of rows) {
    const jobs: [string, string][] = [];
    if (row.email) jobs.push([NOTICE_MAIL_QUEUE, noticeMailKey(row.id)]);
    if (row.push) jobs.push([NOTICE_PUSH_QUEUE, noticePushKey(row.id)]);
    if (row.sms) jobs.push([NOTICE_SMS_QUEUE, noticeSmsKey(row.id)]);
    for (const [queue, singletonKey] of jobs) {
      try {
        await deps.jobs.send(queue, { notificationId: row.id }, { singletonKey });
      } catch (error) {
        log.error({ err: error, notificationId: row.id, queue }, 'could not queue a notice delivery');
      }
    }
  }
}

async function loadNotice(deps: Deps, notificationId: string) {
  const [row] = await deps.database.db
    .select({
      id: notifications.id,
      user_id: notifications.user_id,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      kind: notifications.kind,
      email: notifications.email,
      push: notifications.push,
      address: profiles.email,
      full_name: profiles.full_name,
      language: profiles.preferred_language,
    })
    .from(notifications)
    .innerJoin(profiles, eq(profiles.id, notifications.user_id))
    .where(eq(notifications.id, notificationId));
  return row;
}

/** The mail worker: mails one stored notice to its user if it goes out by mail, once (deduped by id). */
export async function sendNoticeMail(deps: Deps, notificationId: string): Promise<void> {
  const dedupeKey = noticeMailKey(notificationId);
  if (await deps.mailer.alreadySent(dedupeKey)) return;
  const row = await loadNotice(deps, notificationId);
  if (!row?.email || !row.address) return;
  await mailNotice(deps, { ...row, address: row.address }, dedupeKey);
}

/**
 * The push worker: sends one stored notice to every push subscription of its user if it goes out by
 * push. Never throws (each failure is kept on its subscription), so the job is never retried and the
 * push never repeated; the topic (the notice id) also makes the push service replace a copy not yet
 * delivered.
 */
export async function sendNoticePush(deps: Deps, notificationId: string): Promise<void> {
  const row = await loadNotice(deps, notificationId);
  if (!row?.push) return;
  await pushToUser(deps, row.user_id, {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
  });
}

/** Why an SMS worker sent nothing (for tests and logs), or 'sent'. */
export type NoticeSmsOutcome =
  | 'sent'
  | 'failed'
  | 'already-sent'
  | 'not-sms'
  | 'no-phone'
  | 'online'
  | 'read'
  | 'recently-sent';

/**
 * The SMS worker: texts one stored notice to its user's verified phone if it goes out by SMS, in
 * their language, once (sms_outbox's dedupe key `notification:<id>`). A new message only while the
 * user is offline (no realtime socket here, notice not read yet) and at most one per conversation
 * in MESSAGE_SMS_WINDOW_MS. A gateway refusal is recorded and not retried (never thrown).
 */
export async function sendNoticeSms(
  deps: Deps,
  notificationId: string,
  now = new Date(),
): Promise<NoticeSmsOutcome> {
  const { db } = deps.database;
  const [row] = await db
    .select({
      id: notifications.id,
      user_id: notifications.user_id,
      kind: notifications.kind,
      link: notifications.link,
      sms: notifications.sms,
      read_at: notifications.read_at,
      in_app: notifications.in_app,
      phone: authUsers.phoneNumber,
      verified: authUsers.phoneNumberVerified,
      language: profiles.preferred_language,
    })
    .from(notifications)
    .innerJoin(authUsers, eq(authUsers.id, notifications.user_id))
    .leftJoin(profiles, eq(profiles.id, notifications.user_id))
    .where(eq(notifications.id, notificationId));
  if (!row?.sms || !isSmsKind(row.kind)) return 'not-sms';
  if (!row.phone || row.verified !== true) return 'no-phone';
  const dedupeKey = noticeSmsKey(row.id);
  const [before] = await db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(eq(smsOutbox.dedupe_key, dedupeKey))
    .limit(1);
  if (before) return 'already-sent';
  if (row.kind === 'message') {
    if (isConnected(row.user_id)) return 'online';
    if (row.in_app && row.read_at) return 'read';
    const since = new Date(now.getTime() - MESSAGE_SMS_WINDOW_MS);
    const [recent] = await db
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .innerJoin(notifications, sql`${smsOutbox.dedupe_key} = 'notification:' || ${notifications.id}::text`)
      .where(
        and(
          eq(notifications.user_id, row.user_id),
          eq(notifications.kind, 'message'),
          row.link === null ? sql`${notifications.link} is null` : eq(notifications.link, row.link),
          ne(notifications.id, row.id),
          eq(smsOutbox.status, 'sent'),
          gt(smsOutbox.created_at, since),
        ),
      )
      .limit(1);
    if (recent) return 'recently-sent';
  }
  const language = isLanguage(row.language) ? row.language : 'en';
  const link = row.link ? `${deps.config.publicUrl}${row.link}` : deps.config.publicUrl;
  const record = await sendSms(db, deps.sms, {
    to: row.phone,
    body: smsText(row.kind, language, link),
    template: `notification:${row.kind}`,
    dedupeKey,
  });
  if (!record.fresh) return 'already-sent';
  if (record.status === 'failed') {
    deps.log.warn({ notificationId, error: record.error }, 'notice SMS refused by the gateway');
    return 'failed';
  }
  return 'sent';
}

/**
 * Mails a notice now (the worker, and the test notice), framed in the recipient's language (issue
 * 21; English when they chose none). The title and body are the notice's own, as stored.
 */
export async function mailNotice(
  deps: Deps,
  row: {
    title: string;
    body: string;
    link: string | null;
    kind: string;
    address: string;
    full_name: string | null;
    language?: string | null;
  },
  dedupeKey?: string,
): Promise<void> {
  const language = mailLanguage(row.language);
  const texts = MAIL_TEXTS[language];
  const link = row.link ? `${deps.config.publicUrl}${row.link}` : deps.config.publicUrl;
  const greeting = greetingOf(language, row.full_name);
  const text = [
    greeting,
    '',
    row.body,
    '',
    fill(texts.notice.openLine, { link }),
    '',
    texts.common.team,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(row.body)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(texts.notice.button)}</a></p>
<p>${escapeHtml(texts.common.team)}</p></body></html>`;
  await deps.mailer.send({
    to: row.address,
    subject: row.title,
    text,
    html,
    template: `notice-${row.kind}`,
    ...(dedupeKey ? { dedupeKey } : {}),
  });
}

/** The kind of a test notice: not a preference kind, it goes out only on the channel asked for. */
export const TEST_NOTICE_KIND = 'test';
const TEST_TITLE = 'Test notification';
const TEST_BODY = 'This is a test notification from Adwuma. If you can see it, this channel works.';
const TEST_LINK = '/settings/notifications';

/**
 * Sends the user a test notice through one channel now (not queued), bypassing their preferences,
 * and says what happened: in the app (stored and sent as a realtime event), by mail (to the account
 * address, through the mailer) or by push (to every subscription of the account).
 */
export async function sendTestNotice(
  deps: Deps,
  user: { id: string; email: string; name: string },
  channel: NotificationChannel,
  log: FastifyBaseLogger,
): Promise<TestNotificationAnswer> {
  const { db } = deps.database;
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(notifications)
      .values({
        user_id: user.id,
        kind: TEST_NOTICE_KIND,
        title: TEST_TITLE,
        body: TEST_BODY,
        link: TEST_LINK,
        in_app: channel === 'in_app',
        email: channel === 'email',
        push: channel === 'push',
        // Only the in-app test shows in the list; the others are stored as read (a record of the test).
        read_at: channel === 'in_app' ? null : new Date(),
      })
      .returning();
    if (channel === 'in_app') {
      await appendEvents(tx, [
        { userId: user.id, event: { type: 'notification', notification: toNotification(inserted!) } },
      ]);
    }
    return inserted!;
  });
  if (channel === 'in_app') return { channel, ok: true, detail: 'Shown in your notifications' };
  if (channel === 'email') {
    try {
      const [profile] = await db
        .select({
          email: profiles.email,
          full_name: profiles.full_name,
          language: profiles.preferred_language,
        })
        .from(profiles)
        .where(eq(profiles.id, user.id));
      const address = user.email || profile?.email;
      if (!address) return { channel, ok: false, detail: 'No email address on this account' };
      await mailNotice(deps, {
        title: TEST_TITLE,
        body: TEST_BODY,
        link: TEST_LINK,
        kind: TEST_NOTICE_KIND,
        address,
        full_name: profile?.full_name ?? (user.name || null),
        language: profile?.language ?? null,
      });
      return { channel, ok: true, detail: `Mail sent to ${address}` };
    } catch (error) {
      log.warn({ err: error }, 'test mail failed');
      const reason = error instanceof Error ? error.message : String(error);
      return { channel, ok: false, detail: `Mail could not be sent: ${reason.slice(0, 300)}` };
    }
  }
  const result = await pushToUser(deps, user.id, {
    id: row.id,
    kind: TEST_NOTICE_KIND,
    title: TEST_TITLE,
    body: TEST_BODY,
    link: TEST_LINK,
  });
  const total = result.sent + result.failed + result.gone;
  if (total === 0) return { channel, ok: false, detail: 'No push subscription on this account' };
  const devices = (n: number) => `${n} device${n === 1 ? '' : 's'}`;
  const parts = [`Sent to ${devices(result.sent)}`];
  if (result.failed > 0) parts.push(`failed on ${devices(result.failed)}`);
  if (result.gone > 0) parts.push(`${devices(result.gone)} no longer subscribed (removed)`);
  return { channel, ok: result.sent > 0, detail: parts.join('; ') };
}
