// The server's renderer of public pages (issue 20), built by `vite build --ssr` into the web build
// (apps/web/scripts/build.mjs) and loaded by the server (apps/server/src/plugins/web.ts). The server
// hands over the address and a way to call its API in-process; this module answers with the page's
// markup, its title and the data the browser hydrates with (src/app/main.tsx), or null for a page
// that is rendered in the browser only (signed-in pages, the map view).
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { DEFAULT_LANGUAGE, type Language, type ServerRenderResult } from '@adwuma/shared';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { appRoutes } from '../app/router.tsx';
import { GlobalErrorBoundary } from '../components/screens/global-error.tsx';
import { i18n, loadLanguage } from '../i18n/index.ts';
import { type ApiTransport, setApiTransport } from '../lib/api.ts';
import { ServerDataSaverContext } from '../lib/data-saver.ts';
import { type ServerHead, ServerHeadContext } from '../lib/document-title.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { SSR_DATA_ELEMENT_ID, type SsrData } from './data.ts';
import { SSR_PAGES, type SsrPage } from './pages.ts';

export type { ApiTransport } from '../lib/api.ts';

export interface RenderInput {
  /** The page's absolute address (origin, path and query). */
  url: string;
  /** The API, answered in-process for this request (no cookies: what anyone may see). */
  fetch: ApiTransport;
  /** The request's language (the server resolves it: cookie, then Accept-Language). */
  language?: Language;
  /** Whether the data saver is on for this request (the device's cookie, else Save-Data). */
  dataSaver?: boolean;
}

export type RenderResult = ServerRenderResult;

/** A render that has not finished by then is given up (the app shell is sent instead). */
const RENDER_TIMEOUT_MS = 5_000;

// Each request's API, found by the calls its render makes wherever they are in the code.
const requestApi = new AsyncLocalStorage<ApiTransport>();
setApiTransport((path, init) => {
  const answer = requestApi.getStore();
  if (!answer) return Promise.reject(new Error(`API call outside a server render: ${path}`));
  return answer(path, init);
});

const handler = createStaticHandler(appRoutes);

/** Which listed page an address is, if any. */
export function ssrPageFor(pathname: string, search: URLSearchParams): SsrPage | null {
  // The map view draws with Leaflet, which needs a browser.
  if (search.get('view') === 'map') return null;
  return SSR_PAGES.find((page) => matchPath(page.path, pathname)) ?? null;
}

/** JSON for an inline <script>: nothing in it can end the element or break a JavaScript string. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function renderToHtml(node: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new PassThrough();
    sink.setEncoding('utf8');
    sink.on('data', (chunk: string) => {
      html += chunk;
    });
    sink.on('end', () => resolve(html));
    sink.on('error', reject);
    const timer = setTimeout(() => stream.abort(new Error('server render timed out')), RENDER_TIMEOUT_MS);
    // React's streaming renderer, read to the end: crawlers and link previews need the whole page.
    const stream = renderToPipeableStream(node, {
      // Every boundary in place, none moved to the end of the document: moving needs inline scripts,
      // which the Content-Security-Policy forbids (and the whole page is ready anyway).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        clearTimeout(timer);
        stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
    });
  });
}

/** The page at `url` as HTML, or null when it is not a server-rendered page. */
export async function render({
  url,
  fetch,
  language = DEFAULT_LANGUAGE,
  dataSaver = false,
}: RenderInput): Promise<RenderResult | null> {
  const address = new URL(url);
  const page = ssrPageFor(address.pathname, address.searchParams);
  if (!page) return null;
  const match = matchPath(page.path, address.pathname);
  return requestApi.run(fetch, async () => {
    const context = await handler.query(new Request(address));
    if (context instanceof Response) {
      const location = context.headers.get('location');
      return location ? { type: 'redirect', status: context.status, location } : null;
    }
    // A loader refused (a help topic that does not exist): the browser shows its own error screen.
    if (context.errors) return null;

    const queryClient: QueryClient = createQueryClient();
    await page.prefetch?.(queryClient, { params: match?.params ?? {}, search: address.searchParams });
    const router = createStaticRouter(handler.dataRoutes, context);
    const head: ServerHead = {};
    // This request's language, without touching other requests' (the catalogs are shared).
    await loadLanguage(language);
    const text = i18n.cloneInstance({ lng: language, initAsync: false });
    // The same tree as the browser's (src/app/main.tsx), so hydration finds what it expects.
    const html = await renderToHtml(
      <StrictMode>
        <I18nextProvider i18n={text}>
          <GlobalErrorBoundary>
            <AppProviders queryClient={queryClient}>
              <ServerHeadContext.Provider value={head}>
                <ServerDataSaverContext.Provider value={dataSaver}>
                  <StaticRouterProvider router={router} context={context} hydrate={false} />
                </ServerDataSaverContext.Provider>
              </ServerHeadContext.Provider>
            </AppProviders>
          </GlobalErrorBoundary>
        </I18nextProvider>
      </StrictMode>,
    );
    const data: SsrData = {
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
      queries: dehydrate(queryClient),
    };
    queryClient.clear();
    return {
      type: 'page',
      status: context.statusCode,
      html,
      dataScript: `<script type="application/json" id="${SSR_DATA_ELEMENT_ID}">${scriptJson(data)}</script>`,
      title: head.title ?? null,
      modules: [page.module],
    };
  });
}
