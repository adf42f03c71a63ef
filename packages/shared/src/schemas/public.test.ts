import { describe, expect, it } from 'vitest';
import { enterpriseLeadSchema, trackEventSchema, waitlistJoinSchema } from './public.ts';

describe('public schemas', () => {
  it('waitlist: normalises the email and defaults the form', () => {
    expect(waitlistJoinSchema.parse({ email: ' Kofi@Example.com ' })).toMatchObject({
      email: 'kofi@example.com',
      form: 'hero',
      exploring: false,
    });
  });
  it('waitlist: refuses unknown fields', () => {
    expect(waitlistJoinSchema.safeParse({ email: 'a@b.co', role: 'admin' }).success).toBe(false);
  });
  it('events: only the spec event types', () => {
    expect(trackEventSchema.safeParse({ event_type: 'ab_test', page_path: '/' }).success).toBe(true);
    expect(trackEventSchema.safeParse({ event_type: 'click', page_path: '/' }).success).toBe(false);
  });
  it('enterprise lead: optional phone becomes undefined when blank, text is trimmed', () => {
    const parsed = enterpriseLeadSchema.parse({
      name: ' Ama ',
      company: 'Adom Ltd',
      email: 'AMA@adom.com',
      phone: '  ',
      team_size: '11-50',
      needs: 'Weekly cleaning for our offices.',
    });
    expect(parsed).toMatchObject({ name: 'Ama', email: 'ama@adom.com', phone: undefined });
  });
});
