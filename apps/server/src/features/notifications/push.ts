import { and, count, eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { appSettings, pushSubscriptions } from '../../db/schema.ts';
import type { Deps } from '../../types.ts';

/** The app_settings key of the VAPID key pair (JSON {publicKey, privateKey}). */
export const VAPID_SETTING = 'vapid_keys';
/** A push lives one day at the push service when the device is offline. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** How long one push service may take to answer. */
const PUSH_TIMEOUT_MS = 10_000;
/** How much of a push service's error answer is kept on the subscription. */
const ERROR_LIMIT = 500;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const keysByDatabase = new WeakMap<Database, Promise<VapidKeys>>();

/**
 * The VAPID key pair: generated at first start and kept in app_settings, so every server on one
 * database signs with the same keys. Two processes starting together both try to insert; the
 * conflict keeps the first and both read it back.
 */
export function vapidKeys(database: Database): Promise<VapidKeys> {
  let keys = keysByDatabase.get(database);
  if (!keys) {
    keys = loadVapidKeys(database);
    keysByDatabase.set(database, keys);
    // A failed load (database down at start) is retried by the next caller.
    keys.catch(() => keysByDatabase.delete(database));
  }
  return keys;
}

export async function loadVapidKeys(database: Database): Promise<VapidKeys> {
  const { db } = database;
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(appSettings)
    .values({ key: VAPID_SETTING, value: JSON.stringify(generated) })
    .onConflictDoNothing({ target: appSettings.key });
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, VAPID_SETTING));
  const stored = JSON.parse(row!.value) as VapidKeys;
  if (!stored.publicKey || !stored.privateKey) throw new Error('app_settings.vapid_keys is not a key pair');
  return stored;
}

/** The VAPID subject: mailto: the address of MAIL_FROM ("Adwuma <hello@…>"), else the public URL. */
export function vapidSubject(config: Pick<AppConfig, 'mailFrom' | 'publicUrl'>): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  if (/^[^\s@]+@[^\s@]+$/.test(address)) return `mailto:${address}`;
  return config.publicUrl;
}

/** Whether p256dh / auth are what a browser gives: a P-256 public point and 16 secret bytes. */
export function validPushKeys(keys: { p256dh: string; auth: string }): boolean {
  const b64url = /^[A-Za-z0-9_-]+={0,2}$/;
  if (!b64url.test(keys.p256dh) || !b64url.test(keys.auth)) return false;
  const point = Buffer.from(keys.p256dh, 'base64url');
  const secret = Buffer.from(keys.auth, 'base64url');
  return point.length === 65 && point[0] === 0x04 && secret.length === 16;
}

/** What the service worker receives (JSON). */
export interface PushPayload {
  title: string;
  body: string;
  link: string | null;
  kind: string;
  id: string;
}

type Subscription = typeof pushSubscriptions.$inferSelect;
export type PushOutcome = 'sent' | 'gone' | 'failed';

/**
 * Sends one encrypted push (aes128gcm, VAPID-signed) to one subscription and records the outcome:
 * 404/410 (the browser unsubscribed) deletes it, other failures are kept in last_error, success sets
 * last_success_at. Never throws. The topic (the notice id) makes the push service replace an
 * undelivered copy instead of showing the same notice twice if it is sent again.
 */
export async function sendPush(
  deps: Pick<Deps, 'config' | 'database' | 'log'>,
  subscription: Subscription,
  payload: PushPayload,
): Promise<PushOutcome> {
  const { db } = deps.database;
  let status = 0;
  let problem: string;
  try {
    const keys = await vapidKeys(deps.database);
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        TTL: PUSH_TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
        topic: payload.id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
        vapidDetails: { subject: vapidSubject(deps.config), ...keys },
      },
    );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
    // fetch (not web-push's own https.request): the same code reaches an http:// endpoint in tests.
    const response = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    status = response.status;
    const text = await response.text().catch(() => '');
    if (response.ok) {
      await db
        .update(pushSubscriptions)
        .set({ last_success_at: new Date(), last_error: null })
        .where(eq(pushSubscriptions.id, subscription.id));
      return 'sent';
    }
    problem = `HTTP ${status}${text ? `: ${text}` : ''}`;
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  if (status === 404 || status === 410) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    deps.log.info({ subscriptionId: subscription.id, status }, 'push subscription gone; dropped');
    return 'gone';
  }
  deps.log.warn({ subscriptionId: subscription.id, problem }, 'push failed');
  await db
    .update(pushSubscriptions)
    .set({ last_error: problem.slice(0, ERROR_LIMIT) })
    .where(eq(pushSubscriptions.id, subscription.id));
  return 'failed';
}

export interface PushSummary {
  sent: number;
  gone: number;
  failed: number;
}

/** Sends one payload to every subscription of a user (in parallel); never throws. */
export async function pushToUser(
  deps: Pick<Deps, 'config' | 'database' | 'log'>,
  userId: string,
  payload: PushPayload,
): Promise<PushSummary> {
  const subscriptions = await deps.database.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.user_id, userId));
  const outcomes = await Promise.all(subscriptions.map((s) => sendPush(deps, s, payload)));
  return {
    sent: outcomes.filter((o) => o === 'sent').length,
    gone: outcomes.filter((o) => o === 'gone').length,
    failed: outcomes.filter((o) => o === 'failed').length,
  };
}

/** How many push subscriptions a user has. */
export async function subscriptionCount(database: Database, userId: string): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.user_id, userId));
  return row?.n ?? 0;
}

/** Stores (or re-owns for this user) the subscription of a browser, keyed by its endpoint. */
export async function saveSubscription(
  database: Database,
  userId: string,
  input: { endpoint: string; keys: { p256dh: string; auth: string } },
  userAgent: string | null,
): Promise<void> {
  const values = {
    user_id: userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    user_agent: userAgent,
  };
  await database.db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { ...values, last_error: null },
    });
}

/** Drops one of the user's own subscriptions (someone else's endpoint is left alone). */
export async function deleteSubscription(
  database: Database,
  userId: string,
  endpoint: string,
): Promise<void> {
  await database.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.user_id, userId)));
}
