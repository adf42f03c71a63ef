import { pageTitle } from '@adwuma/shared';
import { useEffect } from 'react';

export { SITE_NAME } from '@adwuma/shared';

/** The tab title (the same as the server writes into the pages it describes). */
export const formatTitle = pageTitle;

/** Sets the tab title for the page on screen. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = formatTitle(title);
  }, [title]);
}
