import { createHash } from 'node:crypto';
import { escapeHtml, type Language, shortName } from '@adwuma/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  conversationMembers,
  conversations,
  messages,
  notificationPreferences,
  profiles,
} from '../../db/schema.ts';
import { fill, greetingOf, MAIL_TEXTS, mailLanguage } from '../../lib/mail/texts.ts';
import type { Deps } from '../../types.ts';
import { PREVIEW_LENGTH } from './service.ts';

export const MESSAGE_MAIL_QUEUE = 'message-mail';
/** Every minute. */
export const MESSAGE_MAIL_CRON = '* * * * *';
/** A user is mailed once their oldest unmailed unread message is this old (time to read it in the app). */
export const MESSAGE_MAIL_DELAY_MS = 2 * 60 * 1000;
export const MESSAGE_MAIL_TEMPLATE = 'message-mail';

interface UnreadGroup {
  userId: string;
  conversationId: string;
  lastSeq: number;
  senderId: string;
  unread: number;
  newestSeq: number;
  due: boolean;
}

/** What one run mailed (or skipped by preference), for tests and logs. */
export interface MessageMailRun {
  mailed: { userId: string; conversationIds: string[] }[];
  skipped: string[];
}

/**
 * The batched message mail: every member with unread messages from the other side that were not
 * mailed yet, whose oldest such message is at least MESSAGE_MAIL_DELAY_MS old, gets ONE mail
 * summarising all their conversations with such messages; then those conversations count as mailed
 * up to their last message (`mailed_seq`), so the next message starts a new batch. Users who turned
 * message mail off are marked as mailed without a mail (no backlog when they turn it on again).
 */
export async function sendMessageMails(deps: Deps, now: Date = new Date()): Promise<MessageMailRun> {
  const { db } = deps.database;
  const cutoff = new Date(now.getTime() - MESSAGE_MAIL_DELAY_MS).toISOString();
  const rows = await db
    .select({
      userId: conversationMembers.user_id,
      conversationId: conversationMembers.conversation_id,
      lastSeq: conversations.last_seq,
      customerId: conversations.customer_id,
      providerId: conversations.provider_id,
      unread: sql<number>`count(*)::int`,
      newestSeq: sql<number>`max(${messages.seq})::int`,
      due: sql<boolean>`bool_or(${messages.created_at} <= ${cutoff}::timestamptz)`,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversation_id))
    .innerJoin(
      messages,
      and(
        eq(messages.conversation_id, conversationMembers.conversation_id),
        sql`${messages.seq} > greatest(${conversationMembers.last_read_seq}, ${conversationMembers.mailed_seq})`,
        sql`${messages.sender_id} <> ${conversationMembers.user_id}`,
      ),
    )
    .groupBy(
      conversationMembers.user_id,
      conversationMembers.conversation_id,
      conversations.last_seq,
      conversations.customer_id,
      conversations.provider_id,
    );
  const groups: UnreadGroup[] = rows.map((r) => ({
    userId: r.userId,
    conversationId: r.conversationId,
    lastSeq: r.lastSeq,
    senderId: r.customerId === r.userId ? r.providerId : r.customerId,
    unread: Number(r.unread),
    newestSeq: Number(r.newestSeq),
    due: r.due === true || (r.due as unknown) === 't',
  }));
  const dueUsers = [...new Set(groups.filter((g) => g.due).map((g) => g.userId))];
  const run: MessageMailRun = { mailed: [], skipped: [] };
  if (dueUsers.length === 0) return run;

  const [optedOut, people, latest] = await Promise.all([
    db
      .select({ userId: notificationPreferences.user_id })
      .from(notificationPreferences)
      .where(
        and(
          inArray(notificationPreferences.user_id, dueUsers),
          eq(notificationPreferences.kind, 'message'),
          eq(notificationPreferences.email, false),
        ),
      ),
    db
      .select({
        id: profiles.id,
        full_name: profiles.full_name,
        email: profiles.email,
        language: profiles.preferred_language,
      })
      .from(profiles)
      .where(inArray(profiles.id, [...new Set([...dueUsers, ...groups.map((g) => g.senderId)])])),
    db
      .select({ conversationId: messages.conversation_id, body: messages.body, key: messages.attachment_key })
      .from(messages)
      .where(
        sql`(${messages.conversation_id}, ${messages.seq}) in (${sql.join(
          groups.map((g) => sql`(${g.conversationId}::uuid, ${g.newestSeq}::int)`),
          sql`, `,
        )})`,
      ),
  ]);
  const off = new Set(optedOut.map((r) => r.userId));
  const person = new Map(people.map((p) => [p.id, p]));
  // null: a photo (said in the recipient's language).
  const preview = new Map(
    latest.map((m) => [m.conversationId, m.body ? m.body.slice(0, PREVIEW_LENGTH) : m.key ? null : '']),
  );

  for (const userId of dueUsers) {
    const mine = groups.filter((g) => g.userId === userId).sort((a, b) => b.newestSeq - a.newestSeq);
    const recipient = person.get(userId);
    try {
      if (off.has(userId) || !recipient?.email) {
        run.skipped.push(userId);
      } else {
        const dedupeKey = `message-mail:${userId}:${createHash('sha256')
          .update(
            mine
              .map((g) => `${g.conversationId}:${g.lastSeq}`)
              .sort()
              .join(','),
          )
          .digest('base64url')
          .slice(0, 32)}`;
        if (!(await deps.mailer.alreadySent(dedupeKey))) {
          const language = mailLanguage(recipient.language);
          const words = MAIL_TEXTS[language].messages;
          await deps.mailer.send({
            to: recipient.email,
            ...composeMail(
              deps.config.publicUrl,
              recipient.full_name,
              mine.map((g) => {
                const said = preview.get(g.conversationId);
                return {
                  conversationId: g.conversationId,
                  sender: shortName(person.get(g.senderId)?.full_name) || words.someone,
                  count: g.unread,
                  preview: said === null ? words.photo : (said ?? ''),
                };
              }),
              language,
            ),
            template: MESSAGE_MAIL_TEMPLATE,
            dedupeKey,
          });
        }
        run.mailed.push({ userId, conversationIds: mine.map((g) => g.conversationId) });
      }
      await db.transaction(async (tx) => {
        for (const g of mine) {
          await tx
            .update(conversationMembers)
            .set({ mailed_seq: sql`greatest(${conversationMembers.mailed_seq}, ${g.lastSeq})` })
            .where(
              and(
                eq(conversationMembers.conversation_id, g.conversationId),
                eq(conversationMembers.user_id, userId),
              ),
            );
        }
      });
    } catch (error) {
      // The next run (a minute later) tries this user again; the others go on.
      deps.log.error({ err: error, userId }, 'could not send the message mail');
    }
  }
  return run;
}

interface MailLine {
  conversationId: string;
  sender: string;
  count: number;
  preview: string;
}

/** The mail: one line per conversation (who, how many, the last text) with a link to it. */
export function composeMail(
  publicUrl: string,
  fullName: string | null,
  lines: MailLine[],
  language: Language = 'en',
) {
  const words = MAIL_TEXTS[language].messages;
  const team = MAIL_TEXTS[language].common.team;
  const total = lines.reduce((n, l) => n + l.count, 0);
  const subject =
    lines.length === 1
      ? fill(total === 1 ? words.subjectOne : words.subjectMany, { count: total, sender: lines[0]!.sender })
      : fill(words.subjectPeople, { count: total, people: lines.length });
  const greeting = greetingOf(language, fullName?.trim() || null);
  const linkOf = (l: MailLine) => `${publicUrl}/messaging?c=${l.conversationId}`;
  const countOf = (l: MailLine) =>
    l.count === 1 ? words.countOne : fill(words.countMany, { count: l.count });
  const text = [
    greeting,
    '',
    words.intro,
    '',
    ...lines.flatMap((l) => [
      `${l.sender} (${countOf(l)})${l.preview ? `: “${l.preview}”` : ''}`,
      fill(words.replyLine, { link: linkOf(l) }),
      '',
    ]),
    words.turnOff,
    '',
    team,
  ].join('\n');
  const items = lines
    .map(
      (l) =>
        `<li style="margin-bottom:12px"><strong>${escapeHtml(l.sender)}</strong> (${escapeHtml(countOf(l))})${
          l.preview ? `<br><span style="color:#57534e">“${escapeHtml(l.preview)}”</span>` : ''
        }<br><a href="${escapeHtml(linkOf(l))}">${escapeHtml(words.replyButton)}</a></li>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(words.intro)}</p>
<ul style="padding-left:18px">
${items}
</ul>
<p style="color:#57534e">${escapeHtml(words.turnOff)}</p>
<p>${escapeHtml(team)}</p></body></html>`;
  return { subject, text, html };
}
