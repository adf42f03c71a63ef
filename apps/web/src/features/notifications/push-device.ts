import { deletePushSubscription, fetchPushKey, savePushSubscription } from './api/push.ts';

/** The service worker that shows push notifications (apps/web/public/sw.js). */
export const SERVICE_WORKER_URL = '/sw.js';

export type PermissionState = NotificationPermission | 'unsupported';
export type WorkerState = 'active' | 'registered' | 'none' | 'unsupported';

export interface DeviceState {
  /** Notification, service workers and the Push API are all there. */
  supported: boolean;
  /** What is missing, for the explanation ("Notification", "service workers", "Push API"). */
  missing: string[];
  permission: PermissionState;
  worker: WorkerState;
  /** This browser holds a push subscription. */
  subscribed: boolean;
}

/** A VAPID key (base64url) as the bytes pushManager.subscribe wants. */
export function urlBase64ToUint8Array(base64Url: string): Uint8Array<ArrayBuffer> {
  const padding = '='.repeat((4 - (base64Url.length % 4)) % 4);
  const base64 = (base64Url + padding).replace(/-/g, '+').replace(/_/g, '/');
  const raw = window.atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function missingFeatures(): string[] {
  const missing: string[] = [];
  if (typeof window === 'undefined' || !('Notification' in window)) missing.push('notifications');
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) missing.push('service workers');
  if (typeof window === 'undefined' || !('PushManager' in window)) missing.push('the Push API');
  return missing;
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration('/');
}

/** Reads this browser's permission, worker and subscription. */
export async function readDeviceState(): Promise<DeviceState> {
  const missing = missingFeatures();
  const permission: PermissionState = 'Notification' in window ? Notification.permission : 'unsupported';
  if (!('serviceWorker' in navigator)) {
    return { supported: false, missing, permission, worker: 'unsupported', subscribed: false };
  }
  const reg = await registration();
  const worker: WorkerState = !reg ? 'none' : reg.active ? 'active' : 'registered';
  const subscription = reg && 'pushManager' in reg ? await reg.pushManager.getSubscription() : null;
  return { supported: missing.length === 0, missing, permission, worker, subscribed: subscription !== null };
}

export class PushSetupError extends Error {}

/** Asks for permission, registers the worker, subscribes with the server's key and saves it. */
export async function enablePush(): Promise<void> {
  const missing = missingFeatures();
  if (missing.length > 0) throw new PushSetupError(`This browser has no ${missing.join(', ')}.`);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushSetupError(
      permission === 'denied'
        ? 'Notifications are blocked for Adwuma. Allow them in your browser’s site settings, then try again.'
        : 'Notifications were not allowed.',
    );
  }
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const reg = await navigator.serviceWorker.ready;
  const { public_key } = await fetchPushKey();
  const existing = await reg.pushManager.getSubscription();
  const subscription =
    existing ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: urlBase64ToUint8Array(public_key),
    }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) {
    throw new PushSetupError('The browser gave an incomplete push subscription.');
  }
  await savePushSubscription({
    endpoint: json.endpoint,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
  });
}

/** Unsubscribes this browser and tells the server to forget it. */
export async function disablePush(): Promise<void> {
  const reg = await registration();
  const subscription = reg ? await reg.pushManager.getSubscription() : null;
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await deletePushSubscription(endpoint);
}
