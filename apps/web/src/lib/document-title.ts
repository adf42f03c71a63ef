import { pageTitle } from '@adwuma/shared';
import { createContext, useContext, useEffect } from 'react';

export { SITE_NAME } from '@adwuma/shared';

/** The tab title (the same as the server writes into the pages it describes). */
export const formatTitle = pageTitle;

/**
 * What a page rendered on the server says about itself, collected during that one render (effects
 * do not run there) and written into the HTML's <head> (src/ssr/entry-server.tsx). Null in the browser.
 */
export interface ServerHead {
  /** The page's own title, without the site's name (pageTitle adds it). */
  title?: string;
}
export const ServerHeadContext = createContext<ServerHead | null>(null);

/** Sets the tab title for the page on screen. */
export function useDocumentTitle(title?: string): void {
  const serverHead = useContext(ServerHeadContext);
  if (serverHead) serverHead.title = title ?? '';
  useEffect(() => {
    document.title = formatTitle(title);
  }, [title]);
}
