/**
 * Issue 21: the data saver. On by default when the browser sends `Save-Data: on` (Chrome's Lite
 * mode, many Android data plans); the device's own choice (a cookie) wins either way. With it on:
 * photos load only when tapped (and then the small variant), maps show no tiles until asked,
 * avatars show initials, and the app polls less often.
 */

/** The cookie (and localStorage key) holding the device's choice: 'on' or 'off'. */
export const DATA_SAVER_COOKIE = 'adwuma_saver';

/** Whether the data saver is on for a request: the device's choice, else the Save-Data header. */
export function dataSaverOn(input: { cookie?: string | null; saveData?: string | null }): boolean {
  if (input.cookie === 'on') return true;
  if (input.cookie === 'off') return false;
  return (input.saveData ?? '').trim().toLowerCase() === 'on';
}

/** How much longer the app waits between polls with the data saver on. */
export const DATA_SAVER_POLL_FACTOR = 4;

/** A polling interval (ms) with the data saver taken into account; false stays false. */
export function pollInterval<T extends number | false>(ms: T, saver: boolean): T {
  return (typeof ms === 'number' && saver ? ms * DATA_SAVER_POLL_FACTOR : ms) as T;
}
