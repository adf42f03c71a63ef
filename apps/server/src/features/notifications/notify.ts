import { escapeHtml } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { notifications, profiles } from '../../db/schema.ts';
import type { Deps } from '../../types.ts';

/** The job-queue name of the mail that goes with an in-app notice. */
export const NOTICE_MAIL_QUEUE = 'notice-mail';

const noticeMailKey = (notificationId: string) => `notice:${notificationId}`;

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
}

/**
 * Stores in-app notices inside the caller's transaction (so they exist exactly when the change that
 * caused them does) and answers the ids whose mail must be queued once the transaction committed.
 */
export async function insertNotices(tx: Tx, notices: Notice[]): Promise<string[]> {
  if (notices.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values(
      notices.map((n) => ({ user_id: n.userId, kind: n.kind, title: n.title, body: n.body, link: n.link })),
    )
    .returning({ id: notifications.id });
  return rows.filter((_, i) => notices[i]!.mail).map((r) => r.id);
}

/**
 * Queues the mail of each notice (after commit). A failure to queue is logged, never thrown: the
 * in-app notice is already stored and the user's action succeeded.
 */
export async function sendNoticeMails(deps: Deps, ids: string[], log: FastifyBaseLogger): Promise<void> {
  for (const id of ids) {
    try {
      await deps.jobs.send(NOTICE_MAIL_QUEUE, { notificationId: id }, { singletonKey: noticeMailKey(id) });
    } catch (error) {
      log.error({ err: error, notificationId: id }, 'could not queue a notice mail');
    }
  }
}

/** The worker: mails one stored notice to its user, once (the notice id is the dedupe key). */
export async function sendNoticeMail(deps: Deps, notificationId: string): Promise<void> {
  const dedupeKey = noticeMailKey(notificationId);
  if (await deps.mailer.alreadySent(dedupeKey)) return;
  const { db } = deps.database;
  const [row] = await db
    .select({
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      kind: notifications.kind,
      email: profiles.email,
      full_name: profiles.full_name,
    })
    .from(notifications)
    .innerJoin(profiles, eq(profiles.id, notifications.user_id))
    .where(eq(notifications.id, notificationId));
  if (!row?.email) return;
  const link = row.link ? `${deps.config.publicUrl}${row.link}` : deps.config.publicUrl;
  const greeting = `Hello ${row.full_name ?? 'there'},`;
  const text = [greeting, '', row.body, '', `Open Adwuma: ${link}`, '', 'The Adwuma team'].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(row.body)}</p>
<p><a href="${escapeHtml(link)}">Open Adwuma</a></p>
<p>The Adwuma team</p></body></html>`;
  await deps.mailer.send({
    to: row.email,
    subject: row.title,
    text,
    html,
    template: `notice-${row.kind}`,
    dedupeKey,
  });
}

/** Registers the notice-mail worker; called once at start (features/notifications/routes.ts). */
export async function registerNoticeMailWorker(deps: Deps): Promise<void> {
  await deps.jobs.work<{ notificationId: string }>(NOTICE_MAIL_QUEUE, ({ notificationId }) =>
    sendNoticeMail(deps, notificationId),
  );
}
