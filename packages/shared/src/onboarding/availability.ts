import { z } from 'zod';

/** Ghana keeps one time zone all year (GMT, no daylight saving). */
export const AVAILABILITY_TIMEZONE = 'Africa/Accra';

/** 0 = Sunday … 6 = Saturday, as JavaScript's Date#getDay and Postgres' extract(dow). */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export const AVAILABILITY_MESSAGES = {
  time: 'Use HH:MM in 15-minute steps, e.g. 08:00 or 17:30',
  closesAfterOpens: 'Closing time must be after opening time',
  needTimes: 'Set opening and closing times, or mark the day off',
  eachDayOnce: 'Give each day of the week once',
  oneOpenDay: 'Open on at least one day of the week',
  timezone: `Hours are in Ghana time (${AVAILABILITY_TIMEZONE})`,
} as const;

const TIME = /^([01]\d|2[0-3]):(00|15|30|45)$/;

/** Minutes since midnight of an HH:MM time. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

export function isQuarterHourTime(value: string): boolean {
  return TIME.test(value);
}

const timeField = z.string().regex(TIME, { error: AVAILABILITY_MESSAGES.time });

export const availabilityDaySchema = z
  .strictObject({
    weekday: z.number().int().min(0).max(6),
    /** A day off. */
    closed: z.boolean(),
    opens: timeField.nullish(),
    closes: timeField.nullish(),
  })
  .superRefine((day, ctx) => {
    if (day.closed) return;
    if (!day.opens)
      ctx.addIssue({ code: 'custom', path: ['opens'], message: AVAILABILITY_MESSAGES.needTimes });
    if (!day.closes)
      ctx.addIssue({ code: 'custom', path: ['closes'], message: AVAILABILITY_MESSAGES.needTimes });
    if (day.opens && day.closes && minutesOf(day.closes) <= minutesOf(day.opens)) {
      ctx.addIssue({ code: 'custom', path: ['closes'], message: AVAILABILITY_MESSAGES.closesAfterOpens });
    }
  })
  .transform((day) =>
    day.closed
      ? { weekday: day.weekday, closed: true as const, opens: null, closes: null }
      : { weekday: day.weekday, closed: false as const, opens: day.opens!, closes: day.closes! },
  );
export type AvailabilityDay = z.output<typeof availabilityDaySchema>;

/**
 * PUT /api/onboarding/availability: the week, one entry per weekday (0–6, each once), with opening
 * and closing times in 15-minute steps or the day off; at least one open day. Ghana time.
 */
export const weeklyAvailabilitySchema = z
  .strictObject({
    timezone: z
      .literal(AVAILABILITY_TIMEZONE, { error: AVAILABILITY_MESSAGES.timezone })
      .default(AVAILABILITY_TIMEZONE),
    days: z.array(availabilityDaySchema).length(7, { error: AVAILABILITY_MESSAGES.eachDayOnce }),
  })
  .superRefine((week, ctx) => {
    const weekdays = new Set(week.days.map((d) => d.weekday));
    if (weekdays.size !== 7) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: AVAILABILITY_MESSAGES.eachDayOnce });
      return;
    }
    if (week.days.every((d) => d.closed)) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: AVAILABILITY_MESSAGES.oneOpenDay });
    }
  })
  .transform((week) => ({ ...week, days: [...week.days].sort((a, b) => a.weekday - b.weekday) }));
export type WeeklyAvailabilityRequest = z.input<typeof weeklyAvailabilitySchema>;
export type WeeklyAvailability = z.output<typeof weeklyAvailabilitySchema>;

/** What the API answers (sorted Sunday first). */
export const weeklyAvailabilityResponseSchema = z.object({
  timezone: z.string(),
  days: z.array(
    z.object({
      weekday: z.number().int(),
      closed: z.boolean(),
      opens: z.string().nullable(),
      closes: z.string().nullable(),
    }),
  ),
});

/** A week to start the form from: Monday–Friday 08:00–17:00, Saturday 09:00–14:00, Sunday off. */
export const DEFAULT_WEEK: WeeklyAvailabilityRequest = {
  timezone: AVAILABILITY_TIMEZONE,
  days: WEEKDAYS.map((weekday) =>
    weekday === 0
      ? { weekday, closed: true }
      : weekday === 6
        ? { weekday, closed: false, opens: '09:00', closes: '14:00' }
        : { weekday, closed: false, opens: '08:00', closes: '17:00' },
  ),
};

/** The week from stored open days (missing weekdays are days off). */
export function weekFromOpenDays(
  openDays: readonly { weekday: number; opens: string; closes: string }[],
): WeeklyAvailability {
  return {
    timezone: AVAILABILITY_TIMEZONE,
    days: WEEKDAYS.map((weekday) => {
      const open = openDays.find((d) => d.weekday === weekday);
      return open
        ? { weekday, closed: false as const, opens: open.opens.slice(0, 5), closes: open.closes.slice(0, 5) }
        : { weekday, closed: true as const, opens: null, closes: null };
    }),
  };
}
