import { AUTH_TEXT, effectiveRole, type Role, type RoleFacts } from '@adwuma/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { sessionCacheFor } from './session-cache.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null | undefined;
  createdAt: Date;
  twoFactorEnabled?: boolean | null | undefined;
  user_role?: string | null | undefined;
  /** Issue 21: Better Auth's phone-number plugin. */
  phoneNumber?: string | null | undefined;
  phoneNumberVerified?: boolean | null | undefined;
}

export interface SignedIn {
  user: SessionUser;
  session: { id: string; userId: string; expiresAt: Date; token: string };
}

export interface SignedInWithRole extends SignedIn {
  role: Role;
}

export const SIGN_IN_MESSAGE = 'Sign in to continue.';
export const ADMIN_FORBIDDEN_MESSAGE = "You don't have administrator privileges to access this area.";

/** Better Auth's cookie prefix; plugins/auth.ts configures Better Auth with it (kept here so the kernel needs no plugin). */
export const COOKIE_PREFIX = 'adwuma';

const SESSION_COOKIES = [`${COOKIE_PREFIX}.session_token`, `__Secure-${COOKIE_PREFIX}.session_token`];

const lookups = new WeakMap<FastifyRequest, Promise<SignedIn | null>>();
const refreshedCookies = new WeakMap<FastifyRequest, string[]>();

/** Whether the request carries a session cookie at all (valid or not): such answers are never cached. */
export function hasSessionCookie(request: FastifyRequest): boolean {
  const header = request.headers.cookie;
  if (!header) return false;
  return header.split(';').some((part) => {
    const name = part.split('=')[0]?.trim();
    return name !== undefined && SESSION_COOKIES.includes(name);
  });
}

/** The session cookies exactly as sent ("name=value; …"), the session cache's key. */
function sessionCookieKey(request: FastifyRequest): string {
  const header = request.headers.cookie ?? '';
  const parts: string[] = [];
  for (const part of header.split(';')) {
    const trimmed = part.trim();
    const name = trimmed.split('=')[0];
    if (name !== undefined && SESSION_COOKIES.includes(name)) parts.push(trimmed);
  }
  return parts.join('; ');
}

/**
 * A route's `config` asking for the session cache (kernel/http/session-cache.ts): set it only where
 * the handler reads no more than the user's and the session's ids, since the cached user's name,
 * email or two-factor flag may be up to 30 s old. Access still ends at once on sign-out or
 * suspension. Not a FastifyContextConfig augmentation, like CrossOriginConfig (plugins/origin-check.ts).
 */
export interface SessionCacheConfig {
  cachedSession?: boolean;
}

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  return headers;
}

/**
 * The one place a request's session is looked up (Better Auth, by its cookie). Memoised per
 * request; a refreshed session cookie is passed on to the response.
 */
export function getSignedIn(request: FastifyRequest): Promise<SignedIn | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = (async () => {
      if (!hasSessionCookie(request)) return null;
      const { auth, database } = request.server.deps;
      const cached = (request.routeOptions.config as SessionCacheConfig | undefined)?.cachedSession === true;
      const cache = cached ? sessionCacheFor(database) : undefined;
      const key = cache ? sessionCookieKey(request) : '';
      const hit = cache?.get(key);
      if (hit) return hit;
      const mark = cache?.mark() ?? 0;
      const result = await auth.api.getSession({ headers: headersOf(request), returnHeaders: true });
      const cookies = result.headers?.getSetCookie() ?? [];
      if (cookies.length) refreshedCookies.set(request, cookies);
      const signedIn = (result.response as SignedIn | null) ?? null;
      if (signedIn) cache?.set(key, signedIn, mark);
      return signedIn;
    })();
    lookups.set(request, lookup);
  }
  return lookup;
}

/**
 * The signed-in user, or 401: UNAUTHORIZED without a session cookie, SESSION_EXPIRED with one that
 * is expired or revoked (spec 8 "invalid refresh token": 'Your session has expired. Please sign in again.').
 */
export async function requireUser(request: FastifyRequest): Promise<SignedIn> {
  const signedIn = await getSignedIn(request);
  if (signedIn) return signedIn;
  if (hasSessionCookie(request)) throw new AppError(401, 'SESSION_EXPIRED', AUTH_TEXT.sessionExpired);
  throw new AppError(401, 'UNAUTHORIZED', SIGN_IN_MESSAGE);
}

/** Spec 4 "Effective role" facts for one user, in one query. */
export async function loadRoleFacts(db: Db, userId: string): Promise<RoleFacts> {
  const result = await db.execute(sql`
    select
      coalesce((select json_agg(ur.role) from user_roles ur where ur.user_id = ${userId}), '[]'::json) as roles,
      p.role as profile_role, p.type as profile_type, p.is_admin as profile_is_admin, p.id as profile_id,
      exists (select 1 from provider_skills s where s.provider_id = ${userId}) as has_skills,
      exists (select 1 from provider_locations l where l.provider_id = ${userId}) as has_location
    from (select 1) as one left join profiles p on p.id = ${userId}`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  const roles = typeof row.roles === 'string' ? JSON.parse(row.roles) : row.roles;
  return {
    userRoles: Array.isArray(roles) ? (roles as string[]) : [],
    profile: row.profile_id
      ? {
          role: (row.profile_role as string | null) ?? null,
          type: (row.profile_type as string | null) ?? null,
          is_admin: (row.profile_is_admin as boolean | null) ?? null,
        }
      : null,
    hasProviderSkills: row.has_skills === true,
    hasProviderLocation: row.has_location === true,
  };
}

export async function roleOf(db: Db, userId: string): Promise<Role> {
  return effectiveRole(await loadRoleFacts(db, userId));
}

const requestRoles = new WeakMap<FastifyRequest, Promise<Role>>();

/**
 * The signed-in caller's role, looked up once per request: the access check (plugins/access.ts)
 * and the handler's own guard both ask.
 */
export function roleOfCaller(request: FastifyRequest, userId: string): Promise<Role> {
  let role = requestRoles.get(request);
  if (!role) {
    role = roleOf(request.server.deps.database.db, userId);
    requestRoles.set(request, role);
  }
  return role;
}

/**
 * The signed-in user with their effective role, or 401 (signed out) / 403 FORBIDDEN (role not
 * among `roles`). Every later feature guards its routes with this.
 */
export async function requireRole(
  request: FastifyRequest,
  roles: readonly Role[],
  message = 'You do not have permission to do this.',
): Promise<SignedInWithRole> {
  const signedIn = await requireUser(request);
  const role = await roleOfCaller(request, signedIn.user.id);
  if (!roles.includes(role)) throw new AppError(403, 'FORBIDDEN', message);
  return { ...signedIn, role };
}

/** Spec 6: the admin area needs the explicit admin flag (is_admin or the admin role). */
export function requireAdmin(request: FastifyRequest): Promise<SignedInWithRole> {
  return requireRole(request, ['admin'], ADMIN_FORBIDDEN_MESSAGE);
}

/** Passes a session cookie refreshed during the lookup (updateAge: daily) on to the response. */
export const sessionCookiePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const cookies = refreshedCookies.get(request);
    if (cookies?.length) {
      const existing = reply.getHeader('set-cookie');
      const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
      reply.header('set-cookie', [...list, ...cookies]);
    }
    return payload;
  });
});
