import type { PageMeta } from '@adwuma/shared';
import { useContext, useEffect } from 'react';
import { formatTitle, ServerHeadContext } from './document-title.ts';

export type { PageMeta } from '@adwuma/shared';

function setTag(selector: string, create: () => HTMLElement, attribute: string, value: string): () => void {
  let el = document.head.querySelector<HTMLElement>(selector);
  const created = !el;
  if (!el) {
    el = create();
    document.head.append(el);
  }
  const previous = el.getAttribute(attribute);
  el.setAttribute(attribute, value);
  const tag = el;
  return () => {
    if (created) tag.remove();
    else if (previous !== null) tag.setAttribute(attribute, previous);
  };
}

const meta = (key: 'name' | 'property', name: string) => () => {
  const el = document.createElement('meta');
  el.setAttribute(key, name);
  return el;
};

/**
 * The title, description, canonical link and Open Graph / Twitter tags of a page the prerender does
 * not cover, set on the client (crawlers that run scripts and in-app link previews read them) and
 * put back when the page is left. The server writes the same tags into the HTML of the pages crawlers
 * share (provider profiles, category pages: apps/server/src/plugins/web.ts).
 */
export function usePageMeta(page: PageMeta | null): void {
  const serverHead = useContext(ServerHeadContext);
  if (serverHead && page) serverHead.title = page.title;
  const key = page ? JSON.stringify(page) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the page's values
  useEffect(() => {
    if (!page) return;
    const previousTitle = document.title;
    document.title = formatTitle(page.title);
    const undo = [
      setTag('meta[name="description"]', meta('name', 'description'), 'content', page.description),
      setTag(
        'link[rel="canonical"]',
        () => {
          const el = document.createElement('link');
          el.setAttribute('rel', 'canonical');
          return el;
        },
        'href',
        page.url,
      ),
      setTag('meta[property="og:title"]', meta('property', 'og:title'), 'content', page.title),
      setTag(
        'meta[property="og:description"]',
        meta('property', 'og:description'),
        'content',
        page.description,
      ),
      setTag('meta[property="og:url"]', meta('property', 'og:url'), 'content', page.url),
      setTag('meta[property="og:type"]', meta('property', 'og:type'), 'content', page.type ?? 'website'),
      setTag('meta[name="twitter:card"]', meta('name', 'twitter:card'), 'content', 'summary'),
      ...(page.image
        ? [setTag('meta[property="og:image"]', meta('property', 'og:image'), 'content', page.image)]
        : []),
    ];
    return () => {
      document.title = previousTitle;
      for (const u of undo.reverse()) u();
    };
  }, [key]);
}
