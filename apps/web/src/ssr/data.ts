import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** The element holding what a server-rendered page was rendered with (src/ssr/entry-server.tsx). */
export const SSR_DATA_ELEMENT_ID = 'adwuma-ssr';

export interface SsrData {
  /** The router's state at the render: loader data of the matched routes. */
  router: HydrationState;
  /** The query cache at the render: the page's data, so the first browser render is the same. */
  queries: DehydratedState;
}

/** What the server rendered this page with, or null when the page came as the app shell. */
export function readSsrData(doc: Document = document): SsrData | null {
  const element = doc.getElementById(SSR_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrData;
  } catch {
    return null;
  }
}
