// Benchmark users written straight into the database, each with a signed session: signing up
// hundreds of users through the API would spend minutes hashing passwords. The session is a row in
// auth_sessions; the cookie is its token signed with the server's auth secret (app_settings),
// exactly what Better Auth sets at sign-in. Runs under tsx (imports the server's schema).
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { authSessions, authUsers, profiles, userRoles } from '../../apps/server/src/db/schema.ts';
import { resolveAuthSecret } from '../../apps/server/src/plugins/auth.ts';

/** A fresh session token and the cookie carrying it, signed with `secret`. */
export function benchSession(secret) {
  const token = randomBytes(24).toString('base64url');
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return { token, cookie: `adwuma.session_token=${encodeURIComponent(`${token}.${signature}`)}` };
}

/** `count` users `<prefix>-00000`…, all providers or all customers, each with a session. */
export function benchUsers(secret, prefix, count, role) {
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${String(i).padStart(5, '0')}`,
    role,
    ...benchSession(secret),
  }));
}

/**
 * Writes users { id, role: 'provider' | 'customer', token } (account, profile, role, session) with
 * `db` (a transaction, to write them all or none), 500 rows per insert. Providers are past the intro,
 * on no plan (Starter).
 */
export async function writeBenchUsers(db, users, expiresAt = new Date(Date.now() + 7 * 24 * 3600 * 1000)) {
  for (let i = 0; i < users.length; i += 500) {
    const batch = users.slice(i, i + 500);
    const provider = (u) => u.role === 'provider';
    await db.insert(authUsers).values(
      batch.map((u) => ({
        id: u.id,
        name: `Bench ${u.id}`,
        email: `${u.id}@bench.example`,
        emailVerified: true,
        user_role: provider(u) ? 'explorer' : 'customer',
      })),
    );
    await db.insert(profiles).values(
      batch.map((u) => ({
        id: u.id,
        full_name: `Bench ${u.id}`,
        email: `${u.id}@bench.example`,
        role: provider(u) ? 'service_provider' : 'customer',
        type: provider(u) ? 'provider' : 'customer',
        intro_seen: true,
      })),
    );
    await db
      .insert(userRoles)
      .values(batch.map((u) => ({ user_id: u.id, role: provider(u) ? 'service_provider' : 'customer' })));
    await db.insert(authSessions).values(
      batch.map((u) => ({
        id: randomUUID(),
        token: u.token,
        userId: u.id,
        expiresAt,
        ipAddress: '127.0.0.1',
        userAgent: 'bench',
      })),
    );
  }
}

/** `count` users written in one transaction of the app's database; answers them with their cookies. */
export async function seedBenchUsers(app, prefix, count, role) {
  const { database } = app.deps;
  const secret = await resolveAuthSecret(database, app.deps.config.authSecret);
  const users = benchUsers(secret, prefix, count, role);
  await database.db.transaction((tx) => writeBenchUsers(tx, users));
  return users;
}
