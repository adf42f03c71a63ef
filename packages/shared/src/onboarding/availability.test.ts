import { describe, expect, it } from 'vitest';
import {
  AVAILABILITY_MESSAGES,
  DEFAULT_WEEK,
  minutesOf,
  type WeeklyAvailabilityRequest,
  weekFromOpenDays,
  weeklyAvailabilitySchema,
} from './availability.ts';

const week = (
  change: (days: WeeklyAvailabilityRequest['days']) => void = () => {},
): WeeklyAvailabilityRequest => {
  const days = structuredClone(DEFAULT_WEEK.days);
  change(days);
  return { days };
};

const issues = (input: unknown) => {
  const result = weeklyAvailabilitySchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('weekly availability', () => {
  it('accepts the default week, Ghana time, sorted Sunday first, days off without times', () => {
    const parsed = weeklyAvailabilitySchema.parse({ days: [...week().days].reverse() });
    expect(parsed.timezone).toBe('Africa/Accra');
    expect(parsed.days.map((d) => d.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(parsed.days[0]).toEqual({ weekday: 0, closed: true, opens: null, closes: null });
    expect(parsed.days[1]).toEqual({ weekday: 1, closed: false, opens: '08:00', closes: '17:00' });
  });

  it('drops the times of a day off', () => {
    const parsed = weeklyAvailabilitySchema.parse(week((d) => Object.assign(d[3]!, { closed: true })));
    expect(parsed.days[3]).toEqual({ weekday: 3, closed: true, opens: null, closes: null });
  });

  it.each(['8:00', '08:10', '24:00', '17:60', 'noon'])(
    'refuses the time %j (HH:MM in 15-minute steps)',
    (time) => {
      expect(issues(week((d) => Object.assign(d[1]!, { opens: time })))).toContainEqual({
        path: 'days.1.opens',
        message: AVAILABILITY_MESSAGES.time,
      });
    },
  );

  it('needs closing after opening', () => {
    expect(issues(week((d) => Object.assign(d[2]!, { opens: '17:00', closes: '08:00' })))).toEqual([
      { path: 'days.2.closes', message: AVAILABILITY_MESSAGES.closesAfterOpens },
    ]);
    expect(issues(week((d) => Object.assign(d[2]!, { opens: '09:00', closes: '09:00' })))).toHaveLength(1);
  });

  it('needs both times on an open day', () => {
    expect(issues(week((d) => Object.assign(d[4]!, { closes: null })))).toEqual([
      { path: 'days.4.closes', message: AVAILABILITY_MESSAGES.needTimes },
    ]);
  });

  it('needs each weekday once', () => {
    expect(issues({ days: week().days.slice(0, 6) })).toContainEqual({
      path: 'days',
      message: AVAILABILITY_MESSAGES.eachDayOnce,
    });
    expect(issues(week((d) => Object.assign(d[6]!, { weekday: 5 })))).toContainEqual({
      path: 'days',
      message: AVAILABILITY_MESSAGES.eachDayOnce,
    });
  });

  it('needs at least one open day', () => {
    expect(
      issues(
        week((d) => {
          for (const day of d) Object.assign(day, { closed: true });
        }),
      ),
    ).toEqual([{ path: 'days', message: AVAILABILITY_MESSAGES.oneOpenDay }]);
  });

  it('refuses another time zone', () => {
    expect(issues({ ...week(), timezone: 'Europe/London' })[0]?.message).toBe(AVAILABILITY_MESSAGES.timezone);
  });

  it('rebuilds the week from stored open days', () => {
    const rebuilt = weekFromOpenDays([{ weekday: 2, opens: '08:00:00', closes: '16:30:00' }]);
    expect(rebuilt.days).toHaveLength(7);
    expect(rebuilt.days[2]).toEqual({ weekday: 2, closed: false, opens: '08:00', closes: '16:30' });
    expect(rebuilt.days.filter((d) => d.closed)).toHaveLength(6);
    expect(minutesOf('17:45')).toBe(1065);
  });
});
