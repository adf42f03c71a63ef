import type { EventType } from '@adwuma/shared/constants';
import { hasUtm, parseUtm, UTM_STORAGE_KEY, type UtmParams } from '@adwuma/shared/utm';
import { SESSION_ID_KEY, safeStorage } from './storage.ts';

/** Keeps the visit's UTM parameters (spec 3): new ones from the URL replace the stored ones. */
export function captureUtm(search: string = window.location.search): UtmParams {
  const fromUrl = parseUtm(search);
  if (hasUtm(fromUrl)) {
    safeStorage.set(UTM_STORAGE_KEY, JSON.stringify(fromUrl));
    return fromUrl;
  }
  return storedUtm();
}

export function storedUtm(): UtmParams {
  const raw = safeStorage.get(UTM_STORAGE_KEY);
  if (!raw) return {};
  try {
    return parseUtm(new URLSearchParams(JSON.parse(raw) as Record<string, string>).toString());
  } catch {
    return {};
  }
}

/** An anonymous id for this browser's visit history, sent with events and error reports. */
export function sessionId(): string {
  let id = safeStorage.get(SESSION_ID_KEY);
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    id = (crypto.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replaceAll(
      '.',
      '',
    );
    safeStorage.set(SESSION_ID_KEY, id);
  }
  return id;
}

/** Records an event; never throws and never blocks the page (keepalive survives navigation). */
export function track(eventType: EventType, eventData?: Record<string, unknown>, pagePath?: string): void {
  const body = JSON.stringify({
    event_type: eventType,
    ...(eventData ? { event_data: eventData } : {}),
    page_path: (pagePath ?? window.location.pathname).slice(0, 2048) || '/',
    session_id: sessionId(),
    ...storedUtm(),
  });
  try {
    void fetch('/api/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
    }).catch(() => {});
  } catch {
    // analytics must never break the page
  }
}
