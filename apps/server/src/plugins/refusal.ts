import { type ApiErrorBody, escapeHtml } from '@adwuma/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Whether a request is a browser opening a page (not an API call, not a file): a refusal it gets
 * (429 rate limited, 503 busy) should read as a page, not as JSON on a phone's screen.
 */
export function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (path.startsWith('/api/')) return false;
  return String(request.headers.accept ?? '').includes('text/html');
}

const TITLES: Record<number, string> = { 429: 'Please slow down', 503: 'Adwuma is busy' };

/** A small page of its own (no script, no inline style: the CSP holds) with the refusal's words. */
export function refusalPage(status: number, message: string, path: string): string {
  const title = TITLES[status] ?? 'Please try again';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Adwuma</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(path)}">Try again</a></p></main></body></html>
`;
}

/**
 * Sends a refusal: our JSON error body to API callers, the same words as a page to a browser that
 * opened a page (issue 29: pages are rate limited and shed too).
 */
export function sendRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: ApiErrorBody,
) {
  reply.status(status);
  if (!isPageNavigation(request)) return reply.send(body);
  const path = request.url.startsWith('/') && !request.url.startsWith('//') ? request.url : '/';
  return reply.type('text/html; charset=utf-8').send(refusalPage(status, body.error.message, path));
}
