import { describe, expect, it } from 'vitest';
import {
  channelsFor,
  DEFAULT_CHANNELS,
  isSmsKind,
  NOTIFICATION_KINDS,
  SMS_KIND_EVENTS,
  SMS_KINDS,
} from './schemas.ts';

describe('SMS kinds (issue 21)', () => {
  it('are exactly booking confirmed, payment received and new message', () => {
    expect([...SMS_KINDS].sort()).toEqual(['billing', 'booking', 'message']);
    for (const kind of SMS_KINDS) expect(NOTIFICATION_KINDS).toContain(kind);
    expect(Object.keys(SMS_KIND_EVENTS).sort()).toEqual([...SMS_KINDS].sort());
  });

  it('isSmsKind refuses every other kind', () => {
    const others = NOTIFICATION_KINDS.filter((k) => !isSmsKind(k));
    expect(others).toEqual(['job', 'bid', 'quote', 'review', 'dispute', 'verification']);
    expect(isSmsKind('test')).toBe(false);
  });

  it('SMS is off by default', () => {
    expect(DEFAULT_CHANNELS.sms).toBe(false);
    expect(channelsFor(undefined, true, true, 'booking').sms).toBe(false);
  });

  it('SMS goes out only when chosen, asked for by the sender, and the kind may go by SMS', () => {
    const chosen = { ...DEFAULT_CHANNELS, sms: true };
    expect(channelsFor(chosen, false, true, 'booking').sms).toBe(true);
    expect(channelsFor(chosen, false, false, 'booking').sms).toBe(false);
    expect(channelsFor(chosen, false, true, 'review').sms).toBe(false);
    expect(channelsFor({ ...chosen, sms: false }, false, true, 'message').sms).toBe(false);
  });
});
