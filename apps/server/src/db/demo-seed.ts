import type { PriceType, ServiceStatus } from '@adwuma/shared';
import { sql } from 'drizzle-orm';
import { refreshAllProfileScores } from '../kernel/profile-scores.ts';
import { rebuildProviderSearch } from '../kernel/provider-search.ts';
import type { Database, Db } from './client.ts';
import { CATEGORY_GROUPS } from './data/categories.ts';
import {
  BIO_CLOSINGS,
  BIO_OPENINGS,
  BUSINESS_SUFFIXES,
  DEMO_CITIES,
  FIRST_NAMES,
  LAST_NAMES,
  REVIEW_TEXTS,
  SERVICE_TEMPLATES,
} from './data/demo-providers.ts';
import {
  appSettings,
  authUsers,
  bookings,
  profiles,
  providerAvailability,
  providerLocations,
  providerServices,
  providerServiceTags,
  providerSkills,
  reviews,
  userRoles,
} from './schema.ts';

/**
 * Demo data for `npm start` (SEED_DEMO, default true): a thousand providers across 24 Ghanaian
 * cities with services, prices, reviews and weekly hours — what the landing's claims rest on
 * (MARKETING_CLAIMS: 1,000+ providers, 50+ categories, a 4.8 average rating, 20+ cities).
 * Deterministic (a seeded PRNG: every database gets the same people), idempotent (a marker in
 * app_settings), batched. Demo accounts have no password (no credential account), so nobody can
 * sign in as them.
 */

export const DEMO_SEED_KEY = 'demo_seed';
export const DEMO_SEED_VERSION = 'v1';
export const DEMO_PROVIDER_COUNT = 1000;
const DEMO_SEED = 20261122;
/** Trades people look for most: each is seeded in every anchor city and drawn more often. */
const POPULAR = [
  'plumbing',
  'electrical',
  'hair-braiding',
  'barbering',
  'house-cleaning',
  'tailoring',
  'catering',
  'phone-repair',
  'tutoring-jhs-shs',
  'makeup',
  'ac-repair',
  'auto-mechanic',
] as const;
const ANCHOR_CITIES = ['Accra', 'Kumasi', 'Tamale', 'Takoradi'] as const;
/**
 * Crafts seeded once only (never drawn at random): the browser specs' own providers work in these
 * (e2e/marketplace-fixtures.ts) and page through their listings on one page of results.
 */
const RARE = new Set(['kente-weaving', 'shoe-repair']);

export interface SeedService {
  title: string;
  category: string;
  description: string;
  price_type: PriceType;
  price_minor: number;
  duration_minutes: number | null;
  service_areas: string[];
  status: ServiceStatus;
}

/** A provider as the seeds (demo, tests) write them: an account, profile, location, skills, services. */
export interface SeedProvider {
  id: string;
  email: string;
  name: string;
  bio: string | null;
  phone?: string | null;
  show_phone?: boolean;
  whatsapp_enabled?: boolean;
  city: string;
  region: string | null;
  latitude: number;
  longitude: number;
  business_name?: string | null;
  neighbourhood?: string | null;
  service_areas?: string[];
  rating: number;
  total_reviews: number;
  verified: boolean;
  categories: string[];
  tags: string[];
  /** Open weekdays with hours; null = weekly hours never set. */
  week: { weekday: number; opens: string; closes: string }[] | null;
  services: SeedService[];
  created_at: Date;
  avatar_url?: string | null;
  /** Core onboarding done (listed). Default true. */
  onboarding_completed?: boolean;
  /** Demo only: the customer reviews behind `rating` and `total_reviews` (written by seedDemoReviews). */
  demo_reviews?: DemoReview[];
}

/** A review a demo customer wrote after a completed booking. */
export interface DemoReview {
  /** Index into the demo reviewers (demoReviewers()). */
  author: number;
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
  service: string;
  price_minor: number;
  /** Where between the provider joining and two weeks ago the visit was (0–1). */
  when: number;
}

export const DEMO_REVIEWERS = 60;
const DEMO_REVIEWS_SEED = 22_2026;

/** Mulberry32: small, fast, good enough for demo data, the same sequence for the same seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CATEGORY_INFO = new Map(
  CATEGORY_GROUPS.flatMap((g) =>
    g.categories.map(([slug, name]) => [slug, { name, group: g.slug }] as const),
  ),
);

/** The demo providers: the same list on every run. */
export function demoProviders(count = DEMO_PROVIDER_COUNT, seed = DEMO_SEED): SeedProvider[] {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const between = (min: number, max: number) => min + random() * (max - min);
  const totalWeight = DEMO_CITIES.reduce((sum, c) => sum + c.weight, 0);
  const pickCity = () => {
    let r = random() * totalWeight;
    for (const c of DEMO_CITIES) {
      r -= c.weight;
      if (r <= 0) return c;
    }
    return DEMO_CITIES[0]!;
  };
  const slugs = [...CATEGORY_INFO.keys()];
  const drawable = slugs.filter((s) => !RARE.has(s));
  const epoch = Date.UTC(2025, 0, 1);

  const providers: SeedProvider[] = [];
  for (let i = 0; i < count; i++) {
    const n = String(i + 1).padStart(4, '0');
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    // Every category appears once; then the everyday trades in the four biggest cities (so that a
    // search near Kumasi for a plumber finds some); the rest at random, everyday trades more often.
    const round = i - slugs.length;
    const anchored = round >= 0 && round < POPULAR.length * ANCHOR_CITIES.length;
    const city = anchored
      ? DEMO_CITIES.find((c) => c.city === ANCHOR_CITIES[Math.floor(round / POPULAR.length)])!
      : pickCity();
    const area = pick(city.areas);
    const primary =
      i < slugs.length
        ? slugs[i]!
        : anchored
          ? POPULAR[round % POPULAR.length]!
          : random() < 0.4
            ? pick(POPULAR)
            : pick(drawable);
    const info = CATEGORY_INFO.get(primary)!;
    const sameGroup = drawable.filter((s) => s !== primary && CATEGORY_INFO.get(s)!.group === info.group);
    const categories = random() < 0.3 && sameGroup.length ? [primary, pick(sameGroup)] : [primary];

    const areas = [area, ...city.areas.filter((a) => a !== area && random() < 0.3)].slice(0, 4);
    const services: SeedService[] = [];
    const noPublished = random() < 0.05;
    for (const category of categories) {
      const templates = SERVICE_TEMPLATES[category];
      if (!templates) throw new Error(`demo seed: no service templates for category ${category}`);
      const howMany = category === primary ? 1 + Math.floor(random() * Math.min(3, templates.length)) : 1;
      const chosen = [...templates].sort(() => random() - 0.5).slice(0, howMany);
      for (const [title, priceType, min, max, duration] of chosen) {
        // Round to a price people quote: whole 5 cedis (whole cedis below 50).
        const cedis = between(min, max);
        const rounded = cedis < 50 ? Math.round(cedis) : Math.round(cedis / 5) * 5;
        services.push({
          title,
          category,
          description: `${title} in ${city.city} (${areas.join(', ')}). ${CATEGORY_INFO.get(category)!.name}: materials and transport discussed before we start.`,
          price_type: priceType,
          price_minor: rounded * 100,
          duration_minutes: duration,
          service_areas: areas,
          status: noPublished ? 'draft' : random() < 0.08 ? 'paused' : 'published',
        });
      }
    }
    if (!noPublished && services.every((s) => s.status !== 'published')) services[0]!.status = 'published';

    const reviewed = random() < 0.8;
    // One draw (the sequence of the other fields stays): most providers are rated 4.5 and up, about
    // one in eight between 3.4 and 4.5 — the reviews' average comes to the landing's 4.8.
    const draw = random();
    const drawn = draw < 0.12 ? 3.4 + (draw / 0.12) * 1.1 : 4.5 + ((draw - 0.12) / 0.88) * 0.7;
    const rating = reviewed ? Math.min(5, Math.round(drawn * 10) / 10) : 0;
    const trade = info.name.toLowerCase();
    const bio = [
      pick(BIO_OPENINGS)
        .replace('{trade}', trade)
        .replace('{city}', city.city)
        .replace('{years}', String(2 + Math.floor(random() * 18))),
      pick(BIO_CLOSINGS),
    ]
      .filter(Boolean)
      .join(' ');

    const hasWeek = random() < 0.9;
    const opens = pick(['07:00', '07:30', '08:00', '08:00', '09:00']);
    const closes = pick(['16:00', '17:00', '17:00', '18:00', '19:00']);
    const week = hasWeek
      ? [1, 2, 3, 4, 5, 6, 0]
          .filter((d) => (d >= 1 && d <= 5) || (d === 6 && random() < 0.6) || (d === 0 && random() < 0.15))
          .map((weekday) => ({ weekday, opens, closes: weekday === 6 || weekday === 0 ? '14:00' : closes }))
      : null;

    providers.push({
      id: `demo-provider-${n}`,
      email: `${first}.${last}.${n}@demo.adwuma.invalid`.toLowerCase(),
      name: `${first} ${last}`,
      bio,
      city: city.city,
      region: city.region,
      latitude: Math.round((city.latitude + between(-0.035, 0.035)) * 1e5) / 1e5,
      longitude: Math.round((city.longitude + between(-0.035, 0.035)) * 1e5) / 1e5,
      business_name: random() < 0.2 ? `${last} ${info.name.split(' ')[0]} ${pick(BUSINESS_SUFFIXES)}` : null,
      neighbourhood: area,
      service_areas: areas,
      rating,
      total_reviews: reviewed ? 1 + Math.floor(random() ** 2 * 180) : 0,
      verified: random() < 0.45,
      categories,
      tags: [...new Set(services.map((s) => s.title))],
      week,
      services,
      created_at: new Date(epoch + Math.floor(random() * 600) * 86_400_000),
    });
  }
  addDemoReviews(providers);
  return providers;
}

/**
 * Writes the reviews behind each demo provider's rating (its own PRNG, so the providers above stay
 * as they were): a few reviews for a new marketplace (1–7, fewer than the draw's 1–180), stars
 * around the drawn rating, and the stated rating and count are then those of the reviews written.
 */
function addDemoReviews(providers: SeedProvider[]): void {
  const random = prng(DEMO_REVIEWS_SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  for (const p of providers) {
    if (p.total_reviews === 0) {
      p.demo_reviews = [];
      continue;
    }
    const howMany = 1 + Math.floor(p.total_reviews / 30);
    const authors = [...Array(DEMO_REVIEWERS).keys()].sort(() => random() - 0.5).slice(0, howMany);
    const first = p.name.split(' ')[0]!;
    const area = p.neighbourhood ?? p.city;
    const offered = p.services.length ? p.services : [{ title: p.tags[0] ?? 'the job', price_minor: 20_000 }];
    p.demo_reviews = authors.map((author) => {
      const r = random();
      const noise = r < 0.1 ? -1 : r > 0.85 ? 1 : 0;
      const rating = Math.max(1, Math.min(5, Math.round(p.rating) + noise)) as DemoReview['rating'];
      const service = pick(offered);
      return {
        author,
        rating,
        text: pick(REVIEW_TEXTS[rating])
          .replaceAll('{first}', first)
          .replaceAll('{service}', service.title.toLowerCase())
          .replaceAll('{area}', area),
        service: service.title,
        price_minor: service.price_minor,
        when: random(),
      };
    });
    const ratings = p.demo_reviews.map((d) => d.rating);
    p.total_reviews = ratings.length;
    p.rating = Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100;
  }
}

/** The demo customers who wrote the reviews (no password, like every demo account). */
export function demoReviewers(): { id: string; name: string; email: string; city: string; region: string }[] {
  const random = prng(DEMO_REVIEWS_SEED + 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: DEMO_REVIEWERS }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const city = pick(DEMO_CITIES.slice(0, 8));
    return {
      id: `demo-reviewer-${n}`,
      name: `${first} ${last}`,
      email: `${first}.${last}.r${n}@demo.adwuma.invalid`.toLowerCase(),
      city: city.city,
      region: city.region,
    };
  });
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Writes providers in batches (accounts without a password, profiles past core onboarding, role,
 * location, skills, tags, hours, services) and builds their read-model rows. Existing ids are left
 * alone, so a second run changes nothing.
 */
export async function insertProviders(
  db: Pick<Db, 'transaction'>,
  providers: SeedProvider[],
  { readModels = true }: { readModels?: boolean } = {},
): Promise<void> {
  if (!providers.length) return;
  const BATCH = 400;
  const core = { profile_completed: true, location_completed: true, skills_completed: true };
  await db.transaction(async (tx) => {
    for (const batch of chunks(providers, BATCH)) {
      await tx
        .insert(authUsers)
        .values(
          batch.map((p) => ({
            id: p.id,
            name: p.name,
            email: p.email,
            emailVerified: false,
            image: p.avatar_url ?? null,
            user_role: 'explorer',
            createdAt: p.created_at,
            updatedAt: p.created_at,
          })),
        )
        .onConflictDoNothing();
      await tx
        .insert(profiles)
        .values(
          batch.map((p): typeof profiles.$inferInsert => {
            const done = p.onboarding_completed ?? true;
            return {
              id: p.id,
              full_name: p.name,
              email: p.email,
              phone: p.phone ?? null,
              avatar_url: p.avatar_url ?? null,
              bio: p.bio,
              verified: p.verified,
              rating: p.rating,
              total_reviews: p.total_reviews,
              role: 'service_provider',
              type: 'provider',
              core_onboarding_progress: done
                ? core
                : { profile_completed: false, location_completed: true, skills_completed: true },
              onboarding_completed: done,
              city: p.city,
              state: p.region,
              availability_set: p.week !== null,
              intro_seen: true,
              show_phone: p.show_phone ?? false,
              whatsapp_enabled: p.whatsapp_enabled ?? false,
              created_at: p.created_at,
              updated_at: p.created_at,
            };
          }),
        )
        .onConflictDoNothing();
      await tx
        .insert(userRoles)
        .values(
          batch.map((p): typeof userRoles.$inferInsert => ({ user_id: p.id, role: 'service_provider' })),
        )
        .onConflictDoNothing();
      await tx
        .insert(providerLocations)
        .values(
          batch.map((p) => ({
            provider_id: p.id,
            latitude: p.latitude,
            longitude: p.longitude,
            city: p.city,
            region: p.region,
            country: 'Ghana',
            address: `${p.neighbourhood ? `${p.neighbourhood}, ` : ''}${p.city}, Ghana`,
            neighbourhood: p.neighbourhood ?? null,
            business_name: p.business_name ?? null,
            service_areas: p.service_areas ?? [],
            source: 'seed',
            created_at: p.created_at,
            updated_at: p.created_at,
          })),
        )
        .onConflictDoNothing();
      const skills = batch.flatMap((p) => p.categories.map((skill) => ({ provider_id: p.id, skill })));
      if (skills.length) await tx.insert(providerSkills).values(skills).onConflictDoNothing();
      const tags = batch.flatMap((p) => p.tags.map((tag) => ({ provider_id: p.id, tag })));
      if (tags.length) await tx.insert(providerServiceTags).values(tags).onConflictDoNothing();
      const hours = batch.flatMap((p) => (p.week ?? []).map((d) => ({ provider_id: p.id, ...d })));
      if (hours.length) await tx.insert(providerAvailability).values(hours).onConflictDoNothing();
    }
    // Services have no natural key: only providers that have none yet get theirs.
    const ids = providers.map((p) => p.id);
    const { rows } = (await tx.execute(
      sql`select distinct provider_id from provider_services where provider_id = any(${sql.param(ids)}::text[])`,
    )) as unknown as { rows: { provider_id: string }[] };
    const haveServices = new Set(rows.map((r) => r.provider_id));
    const services = providers
      .filter((p) => !haveServices.has(p.id))
      .flatMap((p) =>
        p.services.map((s) => ({
          provider_id: p.id,
          title: s.title,
          category_slug: s.category,
          description: s.description,
          price_type: s.price_type,
          price_minor: s.price_minor,
          duration_minutes: s.duration_minutes,
          service_areas: s.service_areas,
          status: s.status,
          published_at: s.status === 'draft' ? null : p.created_at,
          created_at: p.created_at,
          updated_at: p.created_at,
        })),
      );
    for (const batch of chunks(services, BATCH)) await tx.insert(providerServices).values(batch);
    if (!readModels) return;
    await rebuildProviderSearch(tx, ids);
    await refreshAllProfileScores(tx, ids);
  });
}

export const DEMO_REVIEWS_KEY = 'demo_reviews';

/**
 * The reviews behind the demo providers' ratings, once per database (its own marker, so a database
 * seeded before reviews existed gets them too): the demo reviewers, one completed booking per
 * review, the published review; then every demo provider's rating and count are set from the rows.
 * Answers how many reviews it wrote.
 */
export async function seedDemoReviews(database: Database, now = new Date()): Promise<number> {
  const { db } = database;
  const marker = `v1:${DEMO_PROVIDER_COUNT}`;
  const [existing] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(sql`${appSettings.key} = ${DEMO_REVIEWS_KEY}`);
  if (existing?.value === marker) return 0;
  let written = 0;
  await db.transaction(async (tx) => {
    if (!(await claimMarker(tx, DEMO_REVIEWS_KEY, marker))) return;
    // Providers that have reviews by demo customers already (seeded by an earlier version) keep them.
    const { rows } = (await tx.execute(
      sql`select p.id from profiles p where p.id like 'demo-provider-%'
          and not exists (select 1 from reviews r where r.subject_id = p.id and r.author_id like 'demo-reviewer-%')`,
    )) as unknown as { rows: { id: string }[] };
    const present = new Set(rows.map((r) => r.id));
    const providers = demoProviders().filter((p) => present.has(p.id));
    if (!providers.length) return;
    const reviewers = demoReviewers();
    const joined = new Date(now.getTime() - 400 * 86_400_000);
    await tx
      .insert(authUsers)
      .values(
        reviewers.map((c) => ({
          id: c.id,
          name: c.name,
          email: c.email,
          emailVerified: false,
          user_role: 'customer',
          createdAt: joined,
          updatedAt: joined,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(profiles)
      .values(
        reviewers.map((c): typeof profiles.$inferInsert => ({
          id: c.id,
          full_name: c.name,
          email: c.email,
          role: 'customer',
          type: 'customer',
          city: c.city,
          state: c.region,
          intro_seen: true,
          created_at: joined,
          updated_at: joined,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(userRoles)
      .values(reviewers.map((c): typeof userRoles.$inferInsert => ({ user_id: c.id, role: 'customer' })))
      .onConflictDoNothing();

    // Visits happen between the provider joining and two weeks ago (the review window has closed).
    const latest = now.getTime() - 15 * 86_400_000;
    const rowsToWrite = providers.flatMap((p) =>
      (p.demo_reviews ?? []).map((d) => {
        const from = Math.min(p.created_at.getTime(), latest - 86_400_000);
        const done = new Date(from + Math.floor(d.when * (latest - from)));
        const day = done.toISOString().slice(0, 10);
        const bookingId = crypto.randomUUID();
        const author = reviewers[d.author]!;
        return {
          booking: {
            id: bookingId,
            customer_id: author.id,
            provider_id: p.id,
            source: 'quote' as const,
            title: d.service,
            price_minor: d.price_minor,
            scheduled_date: day,
            city: p.city,
            address: `${p.neighbourhood ? `${p.neighbourhood}, ` : ''}${p.city}`,
            status: 'completed' as const,
            completed_at: done,
            created_at: new Date(done.getTime() - 3 * 86_400_000),
            updated_at: done,
          },
          review: {
            booking_id: bookingId,
            author_id: author.id,
            subject_id: p.id,
            author_role: 'customer' as const,
            rating: d.rating,
            text: d.text,
            published_at: new Date(done.getTime() + 2 * 86_400_000),
            created_at: new Date(done.getTime() + 86_400_000),
          },
        };
      }),
    );
    for (const batch of chunks(rowsToWrite, 500)) {
      await tx.insert(bookings).values(batch.map((r) => r.booking));
      await tx.insert(reviews).values(batch.map((r) => r.review));
    }
    written = rowsToWrite.length;
    // The stated rating and count are those of the published reviews (also for profiles seeded
    // before this existed, which showed up to 180 reviews with none to read).
    const ids = providers.map((p) => p.id);
    await tx.execute(sql`
      update profiles p set
        rating = coalesce(r.avg, 0),
        total_reviews = coalesce(r.n, 0)
      from (select p2.id,
              (select round(avg(rating)::numeric, 2) from reviews where subject_id = p2.id and published_at is not null) as avg,
              (select count(*)::int from reviews where subject_id = p2.id and published_at is not null) as n
            from profiles p2 where p2.id = any(${sql.param(ids)}::text[])) r
      where p.id = r.id`);
    await rebuildProviderSearch(tx, ids);
    await refreshAllProfileScores(tx, ids);
  });
  return written;
}

/**
 * Takes a seed marker for this run: written if absent, or moved on from another value (an earlier
 * version or count), in one statement — of two servers starting together, one gets it.
 */
async function claimMarker(tx: Pick<Db, 'insert'>, key: string, value: string): Promise<boolean> {
  const claimed = await tx
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value },
      setWhere: sql`${appSettings.value} <> ${value}`,
    })
    .returning();
  return claimed.length > 0;
}

/**
 * The demo seed, once per database: the marker row is claimed in the same transaction, so two
 * servers starting together on one database seed once. Returns how many providers it wrote.
 */
export async function seedDemoData(database: Database): Promise<number> {
  const { db } = database;
  const marker = `${DEMO_SEED_VERSION}:${DEMO_PROVIDER_COUNT}`;
  const [existing] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(sql`${appSettings.key} = ${DEMO_SEED_KEY}`);
  if (existing?.value === marker) return 0;
  const providers = demoProviders();
  let written = 0;
  await db.transaction(async (tx) => {
    if (!(await claimMarker(tx, DEMO_SEED_KEY, marker))) return;
    // A database seeded with fewer (an earlier count) gets the rest: existing ids are left alone.
    const { rows } = (await tx.execute(
      sql`select id from profiles where id like 'demo-provider-%'`,
    )) as unknown as { rows: { id: string }[] };
    const present = new Set(rows.map((r) => r.id));
    const missing = providers.filter((p) => !present.has(p.id));
    // Their search rows and scores are built once, with their reviews (seedDemoReviews).
    await insertProviders(tx, missing, { readModels: false });
    written = missing.length;
  });
  await seedDemoReviews(database);
  return written;
}
