/** A failed API call: carries the HTTP status and the error body's code, message and details. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const STATUS_CODES: Record<number, string> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export const UNEXPECTED_MESSAGE = 'An unexpected error occurred. Please try again.';
export const NETWORK_MESSAGE = 'Could not reach Adwuma. Check your connection and try again.';

/**
 * The one reading of an error answer. Our API answers `{ error: { code, message, details? } }`;
 * Better Auth (and its client) may hand over `{ code, message }`. A missing code is named by the
 * status (429 → RATE_LIMITED).
 */
export function toApiError(status: number, body: unknown): ApiError {
  const outer = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const inner = (outer.error && typeof outer.error === 'object' ? outer.error : outer) as Record<
    string,
    unknown
  >;
  const code =
    typeof inner.code === 'string' && inner.code ? inner.code : (STATUS_CODES[status] ?? 'HTTP_ERROR');
  const message = typeof inner.message === 'string' && inner.message ? inner.message : UNEXPECTED_MESSAGE;
  return new ApiError(status, code, message, inner.details);
}

export interface SessionEnd {
  /** Shown instead of the "session expired" message (an admin ended the session: issue 19). */
  message?: string;
  /** A plain 401 (no session cookie at all): only an end when the app thought someone was signed in. */
  signedInOnly?: boolean;
}
type SessionExpiredListener = (path: string, end?: SessionEnd) => void;
const sessionExpiredListeners = new Set<SessionExpiredListener>();

/**
 * Called whenever an API call answers 401 (SESSION_EXPIRED: the cookie is there but the session is
 * gone; UNAUTHORIZED: no session at all) or the realtime channel says the session was ended: the
 * auth provider signs the person out of the app and sends them to sign in.
 */
export function onSessionExpired(listener: SessionExpiredListener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

export function notifySessionExpired(path: string, end?: SessionEnd): void {
  for (const listener of sessionExpiredListeners) listener(path, end);
}

/** Field messages from a VALIDATION_ERROR, keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields =
    (error.details as { fields?: { field: string; message: string }[] } | undefined)?.fields ?? [];
  return Object.fromEntries(fields.map((f) => [f.field, f.message]));
}

/** How `api` reaches the server: the browser's fetch, or (rendering on the server) the API in-process. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (path, init) => fetch(path, init);

/** Server rendering (src/ssr/entry-server.tsx) answers the pages' API calls without a network hop. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** The one API client: JSON in and out, cookies included, errors as ApiError. */
export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await transport(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        accept: 'application/json',
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE);
  }
  const text = await response.text();
  const body = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const error = toApiError(response.status, body);
    if (error.code === 'SESSION_EXPIRED') notifySessionExpired(path);
    else if (error.status === 401 && error.code === 'UNAUTHORIZED')
      notifySessionExpired(path, { signedInOnly: true });
    throw error;
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
