// The page the service worker answers with when a page was never saved and the network is gone.
// Plain HTML without scripts (the app's code may not be cached either), in the person's language.
import ak from '../locales/ak/pwa.json';
import en from '../locales/en/pwa.json';

export type OfflineLanguage = 'en' | 'ak';

const TEXT = { en: en.offline, ak: ak.offline } as const;
const TAGS = { en: 'en-GH', ak: 'ak-GH' } as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The offline page's HTML; `retryHref` is the page asked for (the "Try again" link opens it again). */
export function offlinePageHtml(language: OfflineLanguage, retryHref: string): string {
  const t = TEXT[language];
  return `<!doctype html>
<html lang="${TAGS[language]}">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="theme-color" content="#b45309" />
<title>${escapeHtml(t.title)} · Adwuma</title>
<link rel="icon" href="/favicon.svg" />
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;background:#fffdf8;color:#1c1917}
main{max-width:28rem;padding:2rem 1.5rem;text-align:center}
h1{font-size:1.5rem;margin:1rem 0 .5rem}
p{line-height:1.5;color:#57534e}
a{display:inline-block;margin:.5rem;padding:.75rem 1.25rem;border-radius:.5rem;text-decoration:none;font-weight:600}
.primary{background:#b45309;color:#fff}.secondary{color:#92400e;border:1px solid #fde68a}
@media (prefers-color-scheme:dark){body{background:#12100e;color:#f5f5f4}p{color:#d6d3d1}.secondary{color:#fde68a}}
</style>
</head>
<body>
<main>
<img src="/icon-192.png" alt="" width="64" height="64" />
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.body)}</p>
<a class="primary" href="${escapeHtml(retryHref)}">${escapeHtml(t.retry)}</a>
<a class="secondary" href="/search">${escapeHtml(t.search)}</a>
</main>
</body>
</html>`;
}
