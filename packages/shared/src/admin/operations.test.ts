import { describe, expect, it } from 'vitest';
import { adminActivityQuerySchema, adminLeadUpdateSchema, adminLogsQuerySchema } from './operations.ts';

describe('adminLeadUpdateSchema', () => {
  it('takes any subset of the four fields; null clears the owner and the follow-up date', () => {
    expect(adminLeadUpdateSchema.parse({ status: 'won' })).toEqual({ status: 'won' });
    expect(adminLeadUpdateSchema.parse({ owner_id: null, follow_up_on: null })).toEqual({
      owner_id: null,
      follow_up_on: null,
    });
    expect(adminLeadUpdateSchema.parse({ notes: '', follow_up_on: '2028-02-29' })).toEqual({
      notes: '',
      follow_up_on: '2028-02-29',
    });
  });

  it('refuses nothing to change, unknown fields, unknown statuses and days that do not exist', () => {
    expect(adminLeadUpdateSchema.safeParse({}).success).toBe(false);
    expect(adminLeadUpdateSchema.safeParse({ rating: 5 }).success).toBe(false);
    expect(adminLeadUpdateSchema.safeParse({ status: 'maybe' }).success).toBe(false);
    expect(adminLeadUpdateSchema.safeParse({ notes: 'x'.repeat(5001) }).success).toBe(false);
    for (const day of ['2026-02-30', '2027-02-29', '2026-13-01', '2026-00-10', '01-12-2026', 'tomorrow']) {
      const result = adminLeadUpdateSchema.safeParse({ follow_up_on: day });
      expect(result.success, day).toBe(false);
      expect(result.error!.issues[0]!.path, day).toEqual(['follow_up_on']);
    }
  });
});

describe('adminActivityQuerySchema', () => {
  it('reads kinds as a comma list and refuses an unknown kind', () => {
    expect(adminActivityQuerySchema.parse({ kinds: 'job_posted,bid_placed' })).toEqual({
      kinds: ['job_posted', 'bid_placed'],
    });
    expect(adminActivityQuerySchema.parse({ kinds: '' })).toEqual({ kinds: undefined });
    expect(adminActivityQuerySchema.safeParse({ kinds: 'job_posted,party' }).success).toBe(false);
    expect(adminActivityQuerySchema.safeParse({ before: '12a' }).success).toBe(false);
    expect(adminActivityQuerySchema.parse({ before: '42' })).toEqual({ before: '42' });
  });
});

describe('adminLogsQuerySchema', () => {
  it('defaults to the grouped frontend errors, page 1; since_days is 1 to 366', () => {
    expect(adminLogsQuerySchema.parse({})).toEqual({ kind: 'frontend_groups', page: 1 });
    expect(adminLogsQuerySchema.parse({ kind: 'audit', since_days: '7' })).toMatchObject({ since_days: 7 });
    expect(adminLogsQuerySchema.safeParse({ since_days: '0' }).success).toBe(false);
    expect(adminLogsQuerySchema.safeParse({ severity: 'fatal' }).success).toBe(false);
  });
});
