import {
  AB_STORAGE_KEY,
  assignVariant,
  EXPERIMENTS,
  type ExperimentName,
} from '@adwuma/shared/admin/experiment-assignment';
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

/** What a stored session id must look like to be kept (the landing page's head script checks the same). */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** An anonymous id for this browser's visit history, sent with events and error reports. */
export function sessionId(): string {
  let id = safeStorage.get(SESSION_ID_KEY);
  if (!id || !SESSION_ID_PATTERN.test(id)) {
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

// ---- A/B tests (issue 19) ---------------------------------------------------------------------------

/** Remembers which experiments' ab_test event this visitor session sent: { [experiment]: session id }. */
export const AB_REPORTED_KEY = 'ab_reported';

export type Variant<E extends ExperimentName> = (typeof EXPERIMENTS)[E]['variants'][number];

function storedObject(key: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(safeStorage.get(key) ?? 'null');
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const isVariant = <E extends ExperimentName>(experiment: E, value: unknown): value is Variant<E> =>
  (EXPERIMENTS[experiment].variants as readonly unknown[]).includes(value);

/**
 * The visitor's variant of an experiment: the stored one (AB_STORAGE_KEY, beside the UTM
 * parameters), else assignVariant of their session id, stored. Null when this browser cannot keep
 * it (no storage): such a visitor sees the control and is not counted.
 */
export function experimentVariant<E extends ExperimentName>(experiment: E): Variant<E> | null {
  const stored = storedObject(AB_STORAGE_KEY)[experiment];
  if (isVariant(experiment, stored)) return stored;
  const variant = assignVariant(experiment, sessionId());
  safeStorage.set(AB_STORAGE_KEY, JSON.stringify({ ...storedObject(AB_STORAGE_KEY), [experiment]: variant }));
  return storedObject(AB_STORAGE_KEY)[experiment] === variant ? variant : null;
}

/**
 * Sends the experiment's ab_test event ({ experiment, variant }) once per visitor session; answers
 * whether it sent it now.
 */
export function trackExperiment<E extends ExperimentName>(experiment: E, variant: Variant<E>): boolean {
  const id = sessionId();
  const reported = storedObject(AB_REPORTED_KEY);
  if (reported[experiment] === id) return false;
  safeStorage.set(AB_REPORTED_KEY, JSON.stringify({ ...reported, [experiment]: id }));
  // Storage that cannot remember would send one on every visit: such visitors are not counted.
  if (storedObject(AB_REPORTED_KEY)[experiment] !== id) return false;
  track('ab_test', { experiment, variant });
  return true;
}
