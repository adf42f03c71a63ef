/**
 * A built page with its stylesheets first in the head, right after the viewport: they hold the first
 * paint, and Vite writes them after a dozen or two module preloads that would otherwise take the
 * phone's few connections first (issue 20: a server-rendered or prerendered page paints as soon as
 * its styles are in). Applied to index.html and landing.html by vite.config.ts.
 */
export function stylesFirst(html: string): string {
  const sheets = html.match(/<link\b[^>]*\brel="stylesheet"[^>]*>/gi) ?? [];
  const anchor = /<meta\s+name="viewport"[^>]*>/i.exec(html);
  if (sheets.length === 0 || !anchor) return html;
  let rest = html;
  for (const sheet of sheets) {
    const at = rest.indexOf(sheet);
    rest = rest.slice(0, at).trimEnd() + rest.slice(at + sheet.length);
  }
  const at = rest.indexOf(anchor[0]) + anchor[0].length;
  return `${rest.slice(0, at)}\n    ${sheets.join('\n    ')}${rest.slice(at)}`;
}
