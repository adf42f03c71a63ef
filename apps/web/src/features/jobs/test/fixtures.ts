import type { Bid, BidAllowance, Job, JobBoardItem, JobDetailResponse } from '@adwuma/shared';

export const JOB_ID = '0b9c3f7e-5a55-4d1c-9a51-6f0f2d1c0a01';

/** A day `days` from now as "YYYY-MM-DD" (UTC = Ghana). */
export const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function job(overrides: Partial<Job> = {}): Job {
  return {
    id: JOB_ID,
    status: 'open',
    title: 'Fix a leaking kitchen tap',
    category: 'plumbing',
    category_name: 'Plumbing',
    description: 'The kitchen tap drips all night and the pipe under the sink is wet.',
    city: 'Kumasi',
    address: '12 Asokwa Road',
    latitude: 6.69,
    longitude: -1.62,
    when_type: 'date',
    date_start: dayFromNow(5),
    date_end: null,
    budget_min: 20000,
    budget_max: 40000,
    currency: 'GHS',
    photos: [],
    bids_count: 0,
    created_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
    expires_at: new Date(Date.now() + 28 * 86_400_000).toISOString(),
    customer: { id: 'user-1', name: 'Ama Mensah', avatar_url: null },
    booking_id: null,
    ...overrides,
  };
}

let bidSeq = 0;

export function bid(
  overrides: Omit<Partial<Bid>, 'provider'> & { provider?: Partial<Bid['provider']> } = {},
): Bid {
  bidSeq += 1;
  const { provider, ...rest } = overrides;
  return {
    id: `bid-${bidSeq}`,
    job_id: JOB_ID,
    status: 'active',
    price: 30000,
    message: 'I can replace the washer and reseal the pipe the same day.',
    earliest_start: dayFromNow(2),
    duration_minutes: 120,
    created_at: new Date(Date.now() - 3600_000).toISOString(),
    updated_at: new Date(Date.now() - 3600_000).toISOString(),
    distance_km: 3.4,
    ...rest,
    provider: {
      id: `provider-${bidSeq}`,
      name: 'Kofi Boateng',
      avatar_url: null,
      slug: 'kofi-boateng-k3x9q2',
      verified: true,
      rating: 4.6,
      total_reviews: 12,
      city: 'Kumasi',
      ...provider,
    },
  };
}

export function detail(overrides: Partial<JobDetailResponse> = {}): JobDetailResponse {
  return {
    job: job(),
    viewer: 'owner',
    bids: [],
    my_bid: null,
    can_bid: false,
    cannot_bid_reason: null,
    distance_km: null,
    ...overrides,
  };
}

export function allowance(overrides: Partial<BidAllowance> = {}): BidAllowance {
  return {
    tier: 'starter',
    limit: 10,
    used: 7,
    remaining: 3,
    allowed: true,
    resets_at: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function boardItem(overrides: Partial<JobBoardItem> = {}): JobBoardItem {
  const { description: _description, ...rest } = job();
  return {
    ...rest,
    excerpt: 'The kitchen tap drips all night…',
    distance_km: 3.4,
    matches: true,
    my_bid_status: null,
    ...overrides,
  };
}
