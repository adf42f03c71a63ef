import type { ActivityItem } from '@adwuma/shared';
import { describe, expect, it } from 'vitest';
import { describeActivity } from './describe-activity.ts';

const item = (
  kind: ActivityItem['kind'],
  data: Record<string, unknown>,
  actor: string | null = 'Ama Mensah',
): ActivityItem => ({
  id: '1',
  kind,
  actor_id: actor ? 'u-1' : null,
  actor_name: actor,
  subject_id: 's-1',
  data,
  created_at: '2026-11-27T10:00:00.000Z',
});

describe('describeActivity', () => {
  it('says each kind as a sentence', () => {
    expect(
      describeActivity(
        item('job_posted', { title: 'Fix kitchen sink', city: 'Accra', category: 'plumbing' }),
      ),
    ).toBe('Ama Mensah posted a job: Fix kitchen sink, Accra');
    expect(describeActivity(item('payment_received', { amount_minor: 45_000, currency: 'GHS' }, null))).toBe(
      'Payment received: GH₵ 450.00',
    );
    expect(describeActivity(item('payment_received', { amount_minor: 1_200, currency: 'USD' }))).toBe(
      'Payment received: $12.00 from Ama Mensah',
    );
    expect(
      describeActivity(item('user_signed_up', { name: 'Kofi Boateng', role: 'service_provider' }, null)),
    ).toBe('Kofi Boateng signed up as a provider');
    expect(describeActivity(item('user_signed_up', { name: 'Efua', role: 'explorer' }, 'Efua'))).toBe(
      'Efua signed up as an explorer',
    );
    expect(describeActivity(item('bid_placed', { job_id: 'j-1', price_minor: 30_000 }))).toBe(
      'Ama Mensah placed a bid of GH₵ 300.00',
    );
    expect(
      describeActivity(
        item('booking_created', { title: 'Paint the gate', price_minor: 80_000, city: 'Kumasi' }),
      ),
    ).toBe('Ama Mensah made a booking: Paint the gate, GH₵ 800.00, Kumasi');
    expect(describeActivity(item('review_written', { rating: 4 }))).toBe(
      'Ama Mensah wrote a review: 4 of 5 stars',
    );
    expect(describeActivity(item('report_filed', { reason: 'fake_profile' }))).toBe(
      'Ama Mensah reported someone: fake profile',
    );
  });

  it('leaves out facts that are missing or of the wrong type', () => {
    expect(describeActivity(item('job_posted', { title: 'Fix sink', city: null }, null))).toBe(
      'Someone posted a job: Fix sink',
    );
    expect(describeActivity(item('bid_placed', { price_minor: '300' }))).toBe('Ama Mensah placed a bid');
    expect(describeActivity(item('payment_received', {}, null))).toBe('Payment received');
  });
});
