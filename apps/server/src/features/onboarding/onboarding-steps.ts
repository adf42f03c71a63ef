import {
  CURRENT_TERMS_VERSION,
  type onboardingProfileSchema,
  type onboardingServicesSchema,
  type ProviderServices,
  SERVICES_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  type subscriptionChoiceSchema,
  TERMS_MESSAGES,
  TIERS,
  type termsAcceptanceSchema,
  type WeeklyAvailability,
  weekFromOpenDays,
} from '@adwuma/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import {
  profiles,
  providerAvailability,
  providerServiceTags,
  providerSkills,
  serviceCategories,
  subscriptions,
  termsAcceptances,
} from '../../db/schema.ts';
import type { SessionUser } from '../../kernel/http/session.ts';
import { refreshProfileScores } from '../../kernel/profile-scores.ts';
import { refreshProviderSearch } from '../../kernel/provider-search.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { ownProfile, updateProfile } from '../profile/index.ts';

/** Serialises one provider's step writes (two tabs saving at once replace, never interleave). */
export async function lockProfile(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select id from profiles where id = ${userId} for update`);
}

// ---- profile ----------------------------------------------------------------------------------------

/** Spec 5 profile step: full name, Ghana phone and bio (the picture goes through /api/profile/avatar). */
export function saveProfileStep(db: Db, user: SessionUser, input: z.output<typeof onboardingProfileSchema>) {
  // updateProfile leaves undefined fields as they are.
  return updateProfile(db, user, { ...input, city: undefined });
}

// ---- services ---------------------------------------------------------------------------------------

export async function loadServices(db: Db, userId: string): Promise<ProviderServices> {
  const [categories, tags] = await Promise.all([
    db
      .select({
        slug: serviceCategories.slug,
        name: serviceCategories.name,
        group_name: serviceCategories.group_name,
      })
      .from(providerSkills)
      .innerJoin(serviceCategories, eq(serviceCategories.slug, providerSkills.skill))
      .where(eq(providerSkills.provider_id, userId))
      .orderBy(asc(serviceCategories.sort_order)),
    db
      .select({ tag: providerServiceTags.tag })
      .from(providerServiceTags)
      .where(eq(providerServiceTags.provider_id, userId))
      .orderBy(asc(providerServiceTags.tag)),
  ]);
  return { categories, tags: tags.map((t) => t.tag) };
}

/**
 * Replaces the provider's skills (category slugs) and service tags in one transaction. Every slug
 * must exist. Without tags, the categories' names become the tags (spec 5 needs one service tag).
 */
export async function saveServices(
  db: Db,
  user: SessionUser,
  input: z.output<typeof onboardingServicesSchema>,
): Promise<ProviderServices> {
  await ownProfile(db, user);
  await db.transaction(async (tx) => {
    await lockProfile(tx, user.id);
    const known = await tx
      .select({ slug: serviceCategories.slug, name: serviceCategories.name })
      .from(serviceCategories)
      .where(inArray(serviceCategories.slug, input.categories));
    const unknown = input.categories.find((slug) => !known.some((k) => k.slug === slug));
    if (unknown) throw fieldError('categories', SERVICES_MESSAGES.unknownCategory(unknown));
    const tags = input.tags.length
      ? input.tags
      : input.categories.map((slug) => known.find((k) => k.slug === slug)!.name);
    await tx.delete(providerSkills).where(eq(providerSkills.provider_id, user.id));
    await tx
      .insert(providerSkills)
      .values(input.categories.map((skill) => ({ provider_id: user.id, skill })));
    await tx.delete(providerServiceTags).where(eq(providerServiceTags.provider_id, user.id));
    await tx.insert(providerServiceTags).values(tags.map((tag) => ({ provider_id: user.id, tag })));
    await tx.update(profiles).set({ updated_at: new Date() }).where(eq(profiles.id, user.id));
    await refreshProviderSearch(tx, user.id);
    await refreshProfileScores(tx, user.id);
  });
  return loadServices(db, user.id);
}

// ---- availability -----------------------------------------------------------------------------------

export async function loadAvailability(db: Db, userId: string): Promise<WeeklyAvailability | null> {
  const [profile] = await db
    .select({ availability_set: profiles.availability_set })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!profile?.availability_set) return null;
  const rows = await db
    .select({
      weekday: providerAvailability.weekday,
      opens: providerAvailability.opens,
      closes: providerAvailability.closes,
    })
    .from(providerAvailability)
    .where(eq(providerAvailability.provider_id, userId));
  return weekFromOpenDays(rows);
}

/** Replaces the weekly hours (a row per open weekday) and sets availability_set, in one transaction. */
export async function saveAvailability(
  db: Db,
  user: SessionUser,
  week: WeeklyAvailability,
): Promise<WeeklyAvailability> {
  await ownProfile(db, user);
  const open = week.days.flatMap((d) =>
    d.closed ? [] : [{ weekday: d.weekday, opens: d.opens, closes: d.closes }],
  );
  await db.transaction(async (tx) => {
    await lockProfile(tx, user.id);
    await tx.delete(providerAvailability).where(eq(providerAvailability.provider_id, user.id));
    await tx.insert(providerAvailability).values(open.map((d) => ({ provider_id: user.id, ...d })));
    await tx
      .update(profiles)
      .set({ availability_set: true, updated_at: new Date() })
      .where(eq(profiles.id, user.id));
    await refreshProviderSearch(tx, user.id);
    await refreshProfileScores(tx, user.id);
  });
  return (await loadAvailability(db, user.id))!;
}

// ---- terms ------------------------------------------------------------------------------------------

export interface TermsRecord {
  accepted_at: Date;
  terms_version: string;
}

export async function loadTerms(db: Db, userId: string): Promise<TermsRecord | null> {
  const [row] = await db
    .select({ accepted_at: termsAcceptances.accepted_at, terms_version: termsAcceptances.terms_version })
    .from(termsAcceptances)
    .where(eq(termsAcceptances.user_id, userId))
    .orderBy(sql`${termsAcceptances.accepted_at} desc`)
    .limit(1);
  return row ?? null;
}

/**
 * Records the acceptance of the current terms (once per version: accepting again keeps the first
 * time) and sets profiles.terms_accepted_at. An old version is refused: the user must read the new one.
 */
export async function acceptTerms(
  db: Db,
  user: SessionUser,
  input: z.output<typeof termsAcceptanceSchema>,
  meta: { ip: string | null; userAgent: string | null },
): Promise<TermsRecord> {
  const version = input.terms_version ?? CURRENT_TERMS_VERSION;
  if (version !== CURRENT_TERMS_VERSION) throw new AppError(409, 'CONFLICT', TERMS_MESSAGES.changed);
  await ownProfile(db, user);
  return db.transaction(async (tx) => {
    await lockProfile(tx, user.id);
    await tx
      .insert(termsAcceptances)
      .values({
        user_id: user.id,
        terms_version: version,
        ip_address: meta.ip,
        user_agent: meta.userAgent?.slice(0, 400) ?? null,
      })
      .onConflictDoNothing({ target: [termsAcceptances.user_id, termsAcceptances.terms_version] });
    const [row] = await tx
      .select({ accepted_at: termsAcceptances.accepted_at, terms_version: termsAcceptances.terms_version })
      .from(termsAcceptances)
      .where(and(eq(termsAcceptances.user_id, user.id), eq(termsAcceptances.terms_version, version)));
    await tx
      .update(profiles)
      .set({ terms_accepted_at: row!.accepted_at, updated_at: new Date() })
      .where(eq(profiles.id, user.id));
    return row!;
  });
}

// ---- subscription -----------------------------------------------------------------------------------

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function loadSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.user_id, userId));
  return row ?? null;
}

/**
 * The subscription step: choosing a plan creates the user's subscription row (tier starter, status
 * active) and completes the step. Pro and Premium are then paid through the checkout
 * (POST /api/create-checkout-session); the tier changes only when that payment is verified (issue 17),
 * so an abandoned checkout leaves a working Starter account. Enterprise is by inquiry. A user who
 * already has a subscription keeps it (onboarding never downgrades a plan).
 */
export async function chooseSubscription(
  db: Db,
  user: SessionUser,
  input: z.output<typeof subscriptionChoiceSchema>,
): Promise<SubscriptionRow> {
  if (input.tier === 'enterprise') throw fieldError('tier', SUBSCRIPTION_MESSAGES.enterpriseByInquiry);
  await ownProfile(db, user);
  const starter = TIERS.find((t) => t.id === 'starter')!;
  return db.transaction(async (tx) => {
    await lockProfile(tx, user.id);
    const inserted = await tx
      .insert(subscriptions)
      .values({
        user_id: user.id,
        email: user.email,
        subscribed: false,
        subscription_tier: 'starter',
        status: 'active',
      })
      .onConflictDoNothing({ target: subscriptions.user_id })
      .returning();
    if (inserted.length) {
      await tx
        .update(profiles)
        .set({ plan_name: starter.name, updated_at: new Date() })
        .where(eq(profiles.id, user.id));
    }
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.user_id, user.id));
    return row!;
  });
}

export function toSubscriptionSummary(row: SubscriptionRow) {
  return {
    id: row.id,
    subscription_tier: row.subscription_tier,
    status: row.status,
    subscribed: row.subscribed,
    subscription_end: row.subscription_end?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

// ---- intro ------------------------------------------------------------------------------------------

/** Set A's welcome screen was seen. */
export async function markIntroSeen(db: Db, user: SessionUser): Promise<void> {
  await ownProfile(db, user);
  await db.update(profiles).set({ intro_seen: true, updated_at: new Date() }).where(eq(profiles.id, user.id));
}
