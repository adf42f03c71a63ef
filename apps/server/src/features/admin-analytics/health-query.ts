import {
  type BillingCadence,
  type DayRange,
  ESCROW_ACCOUNTS,
  effectiveRole,
  isProviderLike,
  type MarketplaceHealth,
  PAID_TIER_IDS,
  type PaidTierId,
  rangeInstants,
} from '@adwuma/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';

type Row = Record<string, unknown>;
const int = (value: unknown) => Number(value ?? 0);
const json = <T>(value: unknown, empty: T): T =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? empty)) as T;
const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? oneDecimal((part / whole) * 100) : 0);

/** Cedi prices (pesewas) of the paid plans: config.payments.ghsPrices. */
export type GhsPrices = Record<PaidTierId, Record<BillingCadence, number>>;

/**
 * Provider activation: the users who signed up in the range and whose effective role (spec 4, the
 * shared rule) is provider-like, and how many of them reached each later step at any time. The
 * steps are counted each on its own (a booking may come from a quote request without a bid).
 */
async function providerActivation(
  db: Db,
  from: Date,
  to: Date,
): Promise<MarketplaceHealth['provider_activation']> {
  const rows = rowsOf(
    await db.execute(sql`
      select
        coalesce((select json_agg(ur.role) from user_roles ur where ur.user_id = u.id), '[]'::json) as roles,
        p.id as profile_id, p.role as profile_role, p.type as profile_type, p.is_admin as profile_is_admin,
        exists (select 1 from provider_skills s where s.provider_id = u.id) as has_skills,
        exists (select 1 from provider_locations l where l.provider_id = u.id) as has_location,
        coalesce(p.onboarding_completed, false) as onboarded,
        coalesce(p.verified, false) as verified,
        exists (select 1 from job_bids b where b.provider_id = u.id) as has_bid,
        exists (select 1 from bookings k where k.provider_id = u.id) as has_booking
      from auth_users u left join profiles p on p.id = u.id
      where u.created_at >= ${from.toISOString()}::timestamptz and u.created_at < ${to.toISOString()}::timestamptz`),
  );
  const providers = rows.filter((row) =>
    isProviderLike(
      effectiveRole({
        userRoles: json<string[]>(row.roles, []),
        profile: row.profile_id
          ? {
              role: (row.profile_role as string | null) ?? null,
              type: (row.profile_type as string | null) ?? null,
              is_admin: (row.profile_is_admin as boolean | null) ?? null,
            }
          : null,
        hasProviderSkills: row.has_skills === true,
        hasProviderLocation: row.has_location === true,
      }),
    ),
  );
  const reached = (key: string) => providers.filter((row) => row[key] === true).length;
  return [
    { step: 'signed_up', providers: providers.length },
    { step: 'onboarded', providers: reached('onboarded') },
    { step: 'verified', providers: reached('verified') },
    { step: 'first_bid', providers: reached('has_bid') },
    { step: 'first_booking', providers: reached('has_booking') },
  ];
}

/**
 * A paid subscription's monthly recurring revenue in pesewas: a cedi subscription at the price it
 * pays (an annual one a twelfth of it); a dollar subscription (Stripe) at the cedi price of the same
 * plan and cadence (config PRICE_*_GHS, set at about GH₵ 12.5 to the dollar), since the panel shows
 * one currency and Adwuma sells each plan at that cedi price.
 */
export function monthlyMinor(
  row: { tier: PaidTierId; cadence: string | null; currency: string | null; amount_minor: number | null },
  prices: GhsPrices,
): number {
  const cadence: BillingCadence = row.cadence === 'annual' ? 'annual' : 'monthly';
  const periodMinor =
    row.currency === 'GHS' && row.amount_minor !== null ? row.amount_minor : prices[row.tier][cadence];
  return cadence === 'annual' ? Math.round(periodMinor / 12) : periodMinor;
}

/**
 * GET /api/admin/analytics/health: provider activation, job liquidity, bookings, disputes, reviews,
 * money (when payments exist) and the searches that found nothing, over the range. Two statements.
 */
export async function marketplaceHealth(
  db: Db,
  range: DayRange,
  prices: GhsPrices,
): Promise<MarketplaceHealth> {
  const { from, to } = rangeInstants(range);
  const f = sql`${from.toISOString()}::timestamptz`;
  const t = sql`${to.toISOString()}::timestamptz`;
  const [row] = rowsOf(
    await db.execute(sql`
      with posted as (
        select j.created_at,
          (j.status in ('hired', 'closed') or j.hired_bid_id is not null) as filled,
          (select min(b.created_at) from job_bids b where b.job_id = j.id) as first_bid_at
        from jobs j where j.created_at >= ${f} and j.created_at < ${t}
      )
      select
        (select count(*) from posted)::int as posted,
        (select count(*) from posted where first_bid_at <= created_at + interval '24 hours')::int as bid_within_24h,
        (select percentile_cont(0.5) within group (order by extract(epoch from first_bid_at - created_at) / 3600)
          from posted where first_bid_at is not null)::float8 as median_hours,
        (select count(*) from posted where filled)::int as filled,
        (select count(*) from bookings where completed_at >= ${f} and completed_at < ${t})::int as bookings_completed,
        (select count(*) from disputes where created_at >= ${f} and created_at < ${t})::int as disputes_opened,
        (select avg(rating) from reviews where created_at >= ${f} and created_at < ${t})::float8 as average_rating,
        (select count(*) from reviews where created_at >= ${f} and created_at < ${t})::int as reviews,
        exists (select 1 from payments) as has_payments,
        (select coalesce(sum(amount_minor), 0) from payments
          where purpose = 'booking' and currency = 'GHS' and status in ('succeeded', 'refunded')
            and paid_at >= ${f} and paid_at < ${t})::float8 as gmv,
        (select -coalesce(sum(e.amount_minor), 0)
          from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
          where e.account = ${ESCROW_ACCOUNTS.commission} and e.currency = 'GHS'
            and x.created_at >= ${f} and x.created_at < ${t})::float8 as commission,
        (select json_agg(s) from (
          select subscription_tier as tier, cadence, currency, amount_minor, count(*)::int as n
          from subscriptions
          where subscribed and status = 'active'
            and subscription_tier in (${sql.join(
              PAID_TIER_IDS.map((tier) => sql`${tier}`),
              sql`, `,
            )})
          group by 1, 2, 3, 4
        ) s) as subscriptions,
        (select json_agg(m order by m.count desc, m.query, m.category, m.city) from (
          select query, category, city, sum(count)::int as count, max(last_seen) as last_seen
          from search_misses
          where day >= ${range.start}::date and day <= ${range.end}::date
          group by query, category, city
          order by 4 desc, query, category, city
          limit 20
        ) m) as misses`),
  );
  const posted = int(row?.posted);
  const median =
    row?.median_hours === null || row?.median_hours === undefined ? null : Number(row.median_hours);
  const average =
    row?.average_rating === null || row?.average_rating === undefined ? null : Number(row.average_rating);

  let money: MarketplaceHealth['money'] = null;
  if (row?.has_payments === true) {
    const gmv = int(row.gmv);
    const commission = int(row.commission);
    const subscriptionRows = json<Row[]>(row.subscriptions, []);
    const subscriptions = PAID_TIER_IDS.map((tier) => {
      const ofTier = subscriptionRows.filter((s) => s.tier === tier);
      return {
        tier,
        active: ofTier.reduce((sum, s) => sum + int(s.n), 0),
        mrr_minor: ofTier.reduce(
          (sum, s) =>
            sum +
            int(s.n) *
              monthlyMinor(
                {
                  tier,
                  cadence: (s.cadence as string | null) ?? null,
                  currency: (s.currency as string | null) ?? null,
                  amount_minor: s.amount_minor === null ? null : int(s.amount_minor),
                },
                prices,
              ),
          0,
        ),
      };
    });
    money = {
      currency: 'GHS',
      gmv_minor: gmv,
      commission_minor: commission,
      take_rate_percent: percent(commission, gmv),
      subscriptions,
      mrr_minor: subscriptions.reduce((sum, s) => sum + s.mrr_minor, 0),
    };
  }

  return {
    date_range: range,
    provider_activation: await providerActivation(db, from, to),
    jobs: {
      posted,
      bid_within_24h_percent: percent(int(row?.bid_within_24h), posted),
      median_hours_to_first_bid: median === null ? null : oneDecimal(median),
      fill_rate_percent: percent(int(row?.filled), posted),
    },
    bookings_completed: int(row?.bookings_completed),
    disputes_opened: int(row?.disputes_opened),
    average_rating: average === null ? null : oneDecimal(average),
    reviews: int(row?.reviews),
    money,
    searches_without_results: json<Row[]>(row?.misses, []).map((m) => ({
      query: String(m.query),
      category: m.category ? String(m.category) : null,
      city: m.city ? String(m.city) : null,
      count: int(m.count),
      last_seen: new Date(String(m.last_seen)).toISOString(),
    })),
  };
}
