import {
  IMAGE_MESSAGES,
  isLanguage,
  type Profile,
  type ProfileUpdateInput,
  type profileUpdateSchema,
} from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authUsers, profileAvatars, profiles, userRoles } from '../../db/schema.ts';
import { imageFailure, uprightImage } from '../../kernel/files/images.ts';
import type { SessionUser } from '../../kernel/http/session.ts';
import { refreshProfileScores } from '../../kernel/profile-scores.ts';
import { refreshProviderSearch } from '../../kernel/provider-search.ts';
import { AppError } from '../../lib/errors.ts';
import { createProfileFor } from '../auth/index.ts';

type ProfileRow = typeof profiles.$inferSelect;

export function toProfile(row: ProfileRow): Profile {
  return {
    ...row,
    rating: Number(row.rating),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    terms_accepted_at: row.terms_accepted_at?.toISOString() ?? null,
    preferred_language: isLanguage(row.preferred_language) ? row.preferred_language : null,
  };
}

export async function findProfile(db: Db, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
  return row;
}

/**
 * The signed-in user's profile. A missing one (its creation failed at sign-up) is created now from
 * the account: spec 7 "upsert id, full_name (default 'User'), email".
 */
export async function ownProfile(db: Db, user: SessionUser): Promise<ProfileRow> {
  const found = await findProfile(db, user.id);
  if (found) return found;
  await createProfileFor(db, { id: user.id, email: user.email, name: user.name, user_role: user.user_role });
  const created = await findProfile(db, user.id);
  if (!created) throw new AppError(500, 'INTERNAL_ERROR', 'Could not create your profile.');
  return created;
}

/**
 * Spec 5 "Profile": updates never change role, type, is_admin or id (the schema refuses them).
 * The account's display name and picture follow the profile.
 */
export async function updateProfile(
  db: Db,
  user: SessionUser,
  input: z.output<typeof profileUpdateSchema>,
): Promise<ProfileRow> {
  await ownProfile(db, user);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<
    Record<keyof ProfileUpdateInput, unknown>
  >;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ ...(changes as Partial<ProfileRow>), updated_at: new Date() })
      .where(eq(profiles.id, user.id))
      .returning();
    const account: Partial<typeof authUsers.$inferInsert> = {};
    if (typeof changes.full_name === 'string') account.name = changes.full_name;
    if (changes.avatar_url !== undefined) account.image = (changes.avatar_url as string | null) ?? null;
    if (Object.keys(account).length) {
      await tx
        .update(authUsers)
        .set({ ...account, updatedAt: new Date() })
        .where(eq(authUsers.id, user.id));
    }
    // Name, bio, picture and city feed the provider's search card.
    await refreshProviderSearch(tx, user.id);
    return { ...row!, ...(await refreshProfileScores(tx, user.id)) };
  });
}

/** Spec 4 "Other" (Join as Provider): role explorer, type provider, and the explorer role row. */
export async function becomeProvider(db: Db, user: SessionUser): Promise<ProfileRow> {
  await ownProfile(db, user);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ role: 'explorer', type: 'provider', updated_at: new Date() })
      .where(eq(profiles.id, user.id))
      .returning();
    await tx.insert(userRoles).values({ user_id: user.id, role: 'explorer' }).onConflictDoNothing();
    return { ...row!, ...(await refreshProfileScores(tx, user.id)) };
  });
}

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** The image type from its first bytes (never from the name or the declared type). */
export function sniffImage(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** The longest side of a stored picture: more than any avatar is ever shown at. */
export const AVATAR_SIDE = 512;

/**
 * Decodes the uploaded picture like every other upload (issue 15): refused above the pixel cap before
 * decoding (a PNG declaring 30000×30000), turned upright, shrunk to AVATAR_SIDE and re-encoded as
 * WebP without metadata, so no EXIF (GPS position) reaches the people who see it.
 */
export async function prepareAvatar(input: Buffer): Promise<{ data: Buffer; contentType: 'image/webp' }> {
  try {
    const data = await uprightImage(input)
      .resize({ width: AVATAR_SIDE, height: AVATAR_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { data, contentType: 'image/webp' };
  } catch (error) {
    throw imageFailure(error, IMAGE_MESSAGES);
  }
}

/** Stores the picture and points avatar_url (and the account's image) at it, versioned. */
export async function saveAvatar(
  db: Db,
  user: SessionUser,
  bytes: Buffer,
  contentType: string,
): Promise<ProfileRow> {
  await ownProfile(db, user);
  const now = new Date();
  const url = `/api/avatars/${encodeURIComponent(user.id)}?v=${now.getTime()}`;
  return db.transaction(async (tx) => {
    await tx
      .insert(profileAvatars)
      .values({
        user_id: user.id,
        content_type: contentType,
        size: bytes.length,
        data: bytes,
        updated_at: now,
      })
      .onConflictDoUpdate({
        target: profileAvatars.user_id,
        set: { content_type: contentType, size: bytes.length, data: bytes, updated_at: now },
      });
    const [row] = await tx
      .update(profiles)
      .set({ avatar_url: url, updated_at: now })
      .where(eq(profiles.id, user.id))
      .returning();
    await tx.update(authUsers).set({ image: url, updatedAt: now }).where(eq(authUsers.id, user.id));
    await refreshProviderSearch(tx, user.id);
    return { ...row!, ...(await refreshProfileScores(tx, user.id)) };
  });
}
