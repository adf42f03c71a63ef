import {
  type ChannelChoice,
  DEFAULT_CHANNELS,
  isSmsKind,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from '@adwuma/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

const KNOWN = new Set<string>(NOTIFICATION_KINDS);

/** `${userId}\u0000${kind}` → the stored choice; users and kinds without a row are absent. */
export async function storedChoices(
  tx: Db | Tx,
  pairs: { userId: string; kind: string }[],
): Promise<Map<string, ChannelChoice>> {
  const choices = new Map<string, ChannelChoice>();
  const userIds = [...new Set(pairs.map((p) => p.userId))];
  const kinds = [...new Set(pairs.map((p) => p.kind))];
  if (userIds.length === 0) return choices;
  const rows = await tx
    .select()
    .from(notificationPreferences)
    .where(
      and(inArray(notificationPreferences.user_id, userIds), inArray(notificationPreferences.kind, kinds)),
    );
  for (const r of rows) {
    choices.set(choiceKey(r.user_id, r.kind), { in_app: r.in_app, email: r.email, push: r.push, sms: r.sms });
  }
  return choices;
}

export const choiceKey = (userId: string, kind: string) => `${userId}\u0000${kind}`;

/** Every kind with the user's choice, or the default where they changed nothing. */
export async function preferencesOf(db: Db, userId: string): Promise<NotificationPreferences> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.user_id, userId));
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return {
    items: NOTIFICATION_KINDS.map((kind) => {
      const row = byKind.get(kind);
      return row
        ? { kind, in_app: row.in_app, email: row.email, push: row.push, sms: row.sms && isSmsKind(kind) }
        : { kind, ...DEFAULT_CHANNELS };
    }),
  };
}

export interface PreferenceInput {
  kind: string;
  in_app: boolean;
  email: boolean;
  push: boolean;
  /** Left out: the stored choice stays (off for a kind never stored). */
  sms?: boolean | undefined;
}

/**
 * Stores the choices given (any subset of kinds; the others keep theirs). An unknown kind refuses
 * the whole request, naming it, and so does SMS asked for a kind that never goes by SMS. The same
 * kind twice: the last one counts.
 */
export async function updatePreferences(db: Db, userId: string, items: PreferenceInput[]): Promise<void> {
  const unknown = [...new Set(items.map((i) => i.kind).filter((k) => !KNOWN.has(k)))];
  if (unknown.length > 0) {
    const names = unknown.map((k) => `"${k}"`).join(', ');
    throw new AppError(
      400,
      'VALIDATION_ERROR',
      `Unknown notification kind${unknown.length > 1 ? 's' : ''}: ${names}.`,
      { fields: [{ field: 'items.kind', message: `Unknown notification kind: ${unknown.join(', ')}` }] },
    );
  }
  const noSms = [...new Set(items.filter((i) => i.sms === true && !isSmsKind(i.kind)).map((i) => i.kind))];
  if (noSms.length > 0) {
    const names = noSms.map((k) => `"${k}"`).join(', ');
    throw new AppError(
      400,
      'VALIDATION_ERROR',
      `SMS is only for bookings confirmed, payments received and new messages, not for ${names}.`,
      { fields: [{ field: 'items.sms', message: `No SMS for: ${noSms.join(', ')}` }] },
    );
  }
  const byKind = new Map<NotificationKind, PreferenceInput>();
  for (const item of items) byKind.set(item.kind as NotificationKind, item);
  if (byKind.size === 0) return;
  // SMS left out keeps what is stored.
  const keep = [...byKind.values()].some((i) => i.sms === undefined)
    ? new Map(
        (
          await db
            .select({ kind: notificationPreferences.kind, sms: notificationPreferences.sms })
            .from(notificationPreferences)
            .where(eq(notificationPreferences.user_id, userId))
        ).map((r) => [r.kind, r.sms]),
      )
    : new Map<string, boolean>();
  await db
    .insert(notificationPreferences)
    .values(
      [...byKind.values()].map((i) => ({
        user_id: userId,
        kind: i.kind,
        in_app: i.in_app,
        email: i.email,
        push: i.push,
        sms: i.sms ?? keep.get(i.kind) ?? false,
      })),
    )
    .onConflictDoUpdate({
      target: [notificationPreferences.user_id, notificationPreferences.kind],
      set: {
        in_app: sql`excluded.in_app`,
        email: sql`excluded.email`,
        push: sql`excluded.push`,
        sms: sql`excluded.sms`,
        updated_at: sql`now()`,
      },
    });
}
