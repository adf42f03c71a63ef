import { useEffect } from 'react';

export const SITE_NAME = 'Adwuma';

export function formatTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — Find trusted service providers in Ghana`;
}

/** Sets the tab title for the page on screen. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = formatTitle(title);
  }, [title]);
}
