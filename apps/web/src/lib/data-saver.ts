// Issue 21: the data saver's state in the app (the rule: @adwuma/shared network/data-saver.ts).
// The server decides a page's first state (the device's cookie, else Save-Data) and writes it as
// <html data-saver="on">, so its render and the browser's first render agree; the switch changes it
// at once and remembers it on this device.
import { DATA_SAVER_COOKIE } from '@adwuma/shared';
import { createContext, useContext, useSyncExternalStore } from 'react';

/** The data saver of the request a server render serves (null in the browser). */
export const ServerDataSaverContext = createContext<boolean | null>(null);

const listeners = new Set<() => void>();
let current: boolean | null = null;

function read(): boolean {
  if (current === null) {
    current = typeof document !== 'undefined' && document.documentElement.dataset.saver === 'on';
  }
  return current;
}

const YEAR = 365 * 24 * 60 * 60;

/** Turns the data saver on or off on this device (cookie for the server, localStorage as a backup). */
export function setDataSaver(on: boolean): void {
  current = on;
  const value = on ? 'on' : 'off';
  document.cookie = `${DATA_SAVER_COOKIE}=${value}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
  try {
    localStorage.setItem(DATA_SAVER_COOKIE, value);
  } catch {
    // Private mode: the cookie still holds it.
  }
  if (on) document.documentElement.dataset.saver = 'on';
  else delete document.documentElement.dataset.saver;
  for (const listener of listeners) listener();
}

/** The data saver's state now, outside React (polling intervals). */
export function dataSaverEnabled(): boolean {
  return read();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the data saver is on, re-rendering when it changes. */
export function useDataSaver(): boolean {
  const server = useContext(ServerDataSaverContext);
  // Hydration reads the same <html data-saver> the server wrote: no mismatch.
  const value = useSyncExternalStore(subscribe, read, read);
  return server ?? value;
}
