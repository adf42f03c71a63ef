import { describe, expect, it } from 'vitest';
import {
  canChangeQuoteStatus,
  isQuoteLive,
  quoteAnswerSchema,
  quoteExpiresAt,
  quoteRequestInputSchema,
} from './quotes.ts';

const now = new Date('2026-11-22T10:00:00Z');

describe('quote requests', () => {
  it('pending may be quoted, declined, expired or cancelled; quoted may be accepted, expired or cancelled', () => {
    expect(canChangeQuoteStatus('pending', 'quoted')).toBe(true);
    expect(canChangeQuoteStatus('pending', 'declined')).toBe(true);
    expect(canChangeQuoteStatus('pending', 'accepted')).toBe(false);
    expect(canChangeQuoteStatus('quoted', 'accepted')).toBe(true);
    expect(canChangeQuoteStatus('quoted', 'declined')).toBe(false);
    expect(canChangeQuoteStatus('accepted', 'cancelled')).toBe(false);
    expect(canChangeQuoteStatus('declined', 'quoted')).toBe(false);
  });
  it('lapses 7 days after it was sent or answered', () => {
    const expires = quoteExpiresAt(now);
    expect(expires.toISOString()).toBe('2026-11-29T10:00:00.000Z');
    expect(isQuoteLive({ status: 'pending', expires_at: expires }, now)).toBe(true);
    expect(isQuoteLive({ status: 'quoted', expires_at: expires }, new Date('2026-11-29T10:00:01Z'))).toBe(
      false,
    );
    expect(isQuoteLive({ status: 'accepted', expires_at: expires }, now)).toBe(false);
  });
  it('needs a service and details; the answer a positive price', () => {
    expect(
      quoteRequestInputSchema.safeParse({ service_id: 'x', details: 'Braids for a wedding on Saturday' })
        .success,
    ).toBe(false);
    expect(
      quoteRequestInputSchema.safeParse({
        service_id: '3f1c2b7e-8a4d-4c1e-9b2a-1d2e3f4a5b6c',
        details: 'Braids for a wedding on Saturday',
      }).success,
    ).toBe(true);
    expect(quoteAnswerSchema.safeParse({ price: 0 }).success).toBe(false);
    expect(quoteAnswerSchema.safeParse({ price: 15_000, message: 'Includes hair' }).success).toBe(true);
  });
});
