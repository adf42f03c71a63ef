import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import {
  autoCompleteBookings,
  BOOKINGS_AUTO_COMPLETE_CRON,
  BOOKINGS_AUTO_COMPLETE_QUEUE,
  BOOKINGS_REMINDERS_CRON,
  BOOKINGS_REMINDERS_QUEUE,
  sendBookingReminders,
} from './booking-jobs.ts';

export const bookingJobs: FeatureJobs<Deps> = [
  {
    queue: BOOKINGS_AUTO_COMPLETE_QUEUE,
    schedule: BOOKINGS_AUTO_COMPLETE_CRON,
    handler: async (deps) => {
      await autoCompleteBookings(deps);
    },
  },
  {
    queue: BOOKINGS_REMINDERS_QUEUE,
    schedule: BOOKINGS_REMINDERS_CRON,
    handler: async (deps) => {
      await sendBookingReminders(deps);
    },
  },
];
