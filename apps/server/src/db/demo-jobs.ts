import { JOB_LIMITS } from '@adwuma/shared';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from './client.ts';
import { DEMO_CITIES, FIRST_NAMES, LAST_NAMES } from './data/demo-providers.ts';
import { demoProviders, prng } from './demo-seed.ts';
import { appSettings, authUsers, jobBids, jobs, profiles, userRoles } from './schema.ts';

/**
 * Demo jobs for `npm start` (with SEED_DEMO): customers across the demo cities post everyday jobs,
 * some already with bids from demo providers of the same trade, so `/jobs` and `/tasks` look alive.
 * Customers have no password (nobody signs in as them). Dates are relative to the day of seeding;
 * once per database (its own marker, so a database seeded before jobs existed gets them too).
 */

export const DEMO_JOBS_KEY = 'demo_jobs';
const DEMO_JOBS_SEED = 7_2026;
const CUSTOMERS = 40;

/** [category, title, description, budget min, budget max in cedis] */
const JOB_TEMPLATES: readonly [string, string, string, number, number][] = [
  [
    'plumbing',
    'Fix a leaking kitchen tap',
    'The kitchen tap drips all night and the sink cabinet is getting wet. Please bring washers or a new cartridge.',
    80,
    200,
  ],
  [
    'plumbing',
    'Install a new water heater in the bathroom',
    'I bought a 30 litre water heater and need it mounted and connected to the shower line, with a safety valve.',
    250,
    500,
  ],
  [
    'electrical',
    'Rewire two sockets that keep tripping',
    'Two sockets in the living room trip the breaker whenever the fridge starts. Need a proper check and repair.',
    150,
    400,
  ],
  [
    'electrical',
    'Install ceiling fans in three rooms',
    'Three ceiling fans already bought; need installation with new switches and tidy wiring.',
    300,
    600,
  ],
  [
    'hair-braiding',
    'Knotless braids for a wedding on Saturday',
    'Medium knotless braids, waist length, for my sister and me. Home service preferred; we have the hair.',
    300,
    700,
  ],
  [
    'barbering',
    'Home haircut for two boys every two weeks',
    'Looking for a barber who can come to the house twice a month for my two sons (8 and 11).',
    60,
    120,
  ],
  [
    'house-cleaning',
    'Deep clean a three-bedroom flat after moving out',
    'Empty three-bedroom flat, kitchen and two bathrooms. Windows inside only. Need it done before handing over keys.',
    400,
    900,
  ],
  [
    'house-cleaning',
    'Weekly cleaning of a two-bedroom apartment',
    'Every Friday morning: floors, bathrooms, kitchen, laundry folding. Long-term arrangement for the right person.',
    200,
    350,
  ],
  [
    'tailoring',
    'Sew three kaba and slit outfits from my fabric',
    'I have the Ankara fabric (6 yards each). Need three kaba and slit sets for a funeral and a wedding next month.',
    450,
    900,
  ],
  [
    'catering',
    'Jollof and grilled chicken for 60 guests',
    'Birthday party in the compound: jollof, grilled chicken, salad, and drinks served. Serving staff a plus.',
    2500,
    5000,
  ],
  [
    'phone-repair',
    'Replace a cracked Samsung A54 screen',
    'Screen cracked, touch still works. Original or high-quality replacement please, with a short warranty.',
    400,
    900,
  ],
  [
    'tutoring-jhs-shs',
    'Maths tutor for a JHS 3 student before BECE',
    'Three evenings a week at home, focusing on algebra and geometry past questions until the BECE.',
    600,
    1200,
  ],
  [
    'makeup',
    'Bridal makeup and two bridesmaids',
    'Traditional engagement in the morning and white wedding in the afternoon, touch-ups between.',
    800,
    1800,
  ],
  [
    'ac-repair',
    'Service two split AC units that do not cool',
    'Two 1.5 HP split units blow warm air. Need cleaning, gas check and refill if needed.',
    300,
    700,
  ],
  [
    'auto-mechanic',
    'Toyota Corolla brakes squeak and pull left',
    '2012 Corolla: squeaking when braking and the car pulls to the left. Need diagnosis and pads/discs if required.',
    300,
    900,
  ],
];

const hours = (n: number) => n * 3_600_000;

/** Writes the demo jobs once. Returns how many jobs it wrote. */
export async function seedDemoJobs(database: Database, now = new Date()): Promise<number> {
  const { db } = database;
  const [existing] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(sql`${appSettings.key} = ${DEMO_JOBS_KEY}`);
  if (existing) return 0;
  let written = 0;
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appSettings)
      .values({ key: DEMO_JOBS_KEY, value: 'v1' })
      .onConflictDoNothing()
      .returning();
    if (!claimed.length) return;
    written = await insertDemoJobs(tx, now);
  });
  return written;
}

async function insertDemoJobs(tx: Tx, now: Date): Promise<number> {
  const random = prng(DEMO_JOBS_SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const cities = DEMO_CITIES.slice(0, 8);
  const customers = Array.from({ length: CUSTOMERS }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    return {
      id: `demo-customer-${n}`,
      name: `${first} ${last}`,
      email: `${first}.${last}.c${n}@demo.adwuma.invalid`.toLowerCase(),
      city: pick(cities),
    };
  });
  const created = new Date(now.getTime() - 90 * 86_400_000);
  await tx
    .insert(authUsers)
    .values(
      customers.map((c) => ({
        id: c.id,
        name: c.name,
        email: c.email,
        emailVerified: false,
        user_role: 'customer',
        createdAt: created,
        updatedAt: created,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(profiles)
    .values(
      customers.map((c): typeof profiles.$inferInsert => ({
        id: c.id,
        full_name: c.name,
        email: c.email,
        role: 'customer',
        type: 'customer',
        city: c.city.city,
        state: c.city.region,
        intro_seen: true,
        created_at: created,
        updated_at: created,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(userRoles)
    .values(customers.map((c): typeof userRoles.$inferInsert => ({ user_id: c.id, role: 'customer' })))
    .onConflictDoNothing();

  // Demo providers by trade and city, to draw bidders from (the same deterministic list as their seed).
  const providers = demoProviders();
  const present = new Set(
    (
      (await tx.execute(sql`select id from profiles where id like 'demo-provider-%'`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows.map((r) => r.id),
  );

  let count = 0;
  for (const customer of customers) {
    const howMany = 1 + Math.floor(random() * 2);
    for (let j = 0; j < howMany; j++) {
      const [category, title, description, min, max] = pick(JOB_TEMPLATES);
      const postedAt = new Date(now.getTime() - Math.floor(random() * hours(24 * 12)));
      const area = pick(customer.city.areas);
      const whenRoll = random();
      const startIn = 2 + Math.floor(random() * 20);
      const day = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10);
      const budgeted = random() < 0.8;
      const [job] = await tx
        .insert(jobs)
        .values({
          customer_id: customer.id,
          title,
          category_slug: category,
          description,
          city: customer.city.city,
          address: `${area}, ${customer.city.city}`,
          latitude: Math.round((customer.city.latitude + (random() - 0.5) * 0.06) * 1e5) / 1e5,
          longitude: Math.round((customer.city.longitude + (random() - 0.5) * 0.06) * 1e5) / 1e5,
          when_type: whenRoll < 0.4 ? 'date' : whenRoll < 0.7 ? 'window' : 'flexible',
          date_start: whenRoll < 0.7 ? day(startIn) : null,
          date_end: whenRoll >= 0.4 && whenRoll < 0.7 ? day(startIn + 3) : null,
          budget_min_minor: budgeted ? min * 100 : null,
          budget_max_minor: budgeted ? max * 100 : null,
          status: 'open',
          expires_at: new Date(postedAt.getTime() + JOB_LIMITS.openDays * 86_400_000),
          created_at: postedAt,
          updated_at: postedAt,
        })
        .returning({ id: jobs.id });
      count++;
      const bidders = providers
        .filter((p) => present.has(p.id) && p.city === customer.city.city && p.categories.includes(category))
        .sort(() => random() - 0.5)
        .slice(0, Math.floor(random() * 4));
      if (bidders.length) {
        await tx.insert(jobBids).values(
          bidders.map((p, k): typeof jobBids.$inferInsert => {
            const at = new Date(postedAt.getTime() + hours(1 + k * 3 + Math.floor(random() * 5)));
            const price = Math.round((min + random() * (max - min)) / 5) * 5 * 100;
            return {
              job_id: job!.id,
              provider_id: p.id,
              price_minor: price,
              message: `Hello, I'm ${p.name.split(' ')[0]} from ${p.neighbourhood ?? p.city}. I have done this kind of job many times and can bring what is needed. Price includes transport.`,
              earliest_start: day(1 + Math.floor(random() * 5)),
              duration_minutes: 60 * (1 + Math.floor(random() * 6)),
              status: 'active',
              created_at: at < now ? at : now,
              updated_at: at < now ? at : now,
            };
          }),
        );
        await tx.update(jobs).set({ bids_count: bidders.length }).where(sql`${jobs.id} = ${job!.id}`);
      }
    }
  }
  return count;
}
