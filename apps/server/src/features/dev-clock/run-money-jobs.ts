import type { Deps } from '../../types.ts';
import { releaseUnpaidBookings } from '../booking-payments/index.ts';
import { matureEarnings, runPayouts } from '../payouts/index.ts';

/** The money jobs the dev clock can run, in the order their crons would. */
export const MONEY_JOBS = ['unpaid_release', 'maturity', 'payouts'] as const;
export type MoneyJob = (typeof MONEY_JOBS)[number];

export interface MoneyJobsRun {
  at: string;
  /** Bookings released for not being paid by their due time. */
  released: string[];
  /** Bookings whose earnings became available. */
  matured: number;
  /** Payouts started (their transfers settle by webhook afterwards). */
  payouts: string[];
}

/**
 * Runs the money jobs as their crons would at `at` (the jobs' injected clock): the unpaid release of
 * booking-payments, then the maturity and the payout run of payouts. `jobs` picks some of them (a
 * browser test sharing its server with others may leave their unpaid bookings alone).
 */
export async function runMoneyJobs(
  deps: Deps,
  at: Date,
  jobs: readonly MoneyJob[] = MONEY_JOBS,
): Promise<MoneyJobsRun> {
  const released = jobs.includes('unpaid_release') ? await releaseUnpaidBookings(deps, at) : [];
  const matured = jobs.includes('maturity') ? await matureEarnings(deps, at) : 0;
  const payouts = jobs.includes('payouts') ? await runPayouts(deps, at) : [];
  return { at: at.toISOString(), released, matured, payouts };
}
