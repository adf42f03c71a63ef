/**
 * The contract between the web build's server renderer (apps/web/src/ssr/entry-server.tsx) and the
 * server that loads it (apps/server/src/plugins/web.ts): neither may import the other.
 */
export type ServerRenderResult =
  | {
      type: 'page';
      status: number;
      /** The markup inside #root. */
      html: string;
      /** The <script type="application/json"> the browser hydrates from. */
      dataScript: string;
      /** The tab title the page set, or null. */
      title: string | null;
      /** Source files of the page's code (build manifest keys), to preload. */
      modules: string[];
    }
  | { type: 'redirect'; status: number; location: string };
