/**
 * The origin form (`/path?query`) of a request target (RFC 9112 3.2). A client may send the
 * absolute form, `GET http://host/api/profile`, which the router matches by its path: unless the
 * URL is rewritten first, every check testing `request.url.startsWith('/api/')` (the Origin check,
 * the rate limit) missed it (issue 29). The authority is dropped: the address we answer to is
 * PUBLIC_URL, never one a client names. Anything else (`*`, another scheme) is left for the router
 * to refuse.
 */
export function originForm(target: string): string {
  if (target.charCodeAt(0) === 47 /* / */) return target;
  const authority = /^https?:\/\/[^/?#]*/i.exec(target);
  if (!authority) return target;
  const rest = target.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}
