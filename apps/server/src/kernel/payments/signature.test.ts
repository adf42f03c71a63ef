import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './gateway.ts';
import { SIGNATURE_TOLERANCE_SECONDS, signTimestamped, verifyTimestamped } from './signature.ts';

const SECRET = 'whsec_test_secret';
const BODY = '{"id":"evt_1","type":"payment.succeeded","amount_minor":15000}';
const NOW = 1_767_225_600; // 2026-01-01T00:00:00Z

/** Expects verifyTimestamped to refuse with a WebhookSignatureError carrying `message`. */
function refused(run: () => void, message: string) {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(WebhookSignatureError);
  expect((caught as Error).message).toBe(message);
}

const v1Of = (header: string) => /v1=([0-9a-f]+)/.exec(header)![1]!;

describe('signTimestamped', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    const header = signTimestamped(BODY, SECRET, NOW);
    const expected = createHmac('sha256', SECRET).update(`${NOW}.${BODY}`).digest('hex');
    expect(header).toBe(`t=${NOW},v1=${expected}`);
  });

  it('stamps the current time by default', () => {
    const before = Math.floor(Date.now() / 1000);
    const t = Number(/^t=(\d+),/.exec(signTimestamped(BODY, SECRET))![1]);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });
});

describe('verifyTimestamped', () => {
  const header = signTimestamped(BODY, SECRET, NOW);

  it('accepts what signTimestamped signed (round trip), now and by default', () => {
    expect(() => verifyTimestamped(Buffer.from(BODY), header, SECRET, NOW)).not.toThrow();
    expect(() => verifyTimestamped(Buffer.from(BODY), signTimestamped(BODY, SECRET), SECRET)).not.toThrow();
  });

  it('accepts a body with non-ASCII text, signed over its UTF-8 bytes', () => {
    const body = '{"name":"Kwabena Ɔsei","city":"Kumasi","price":"GH₵ 150"}';
    expect(() =>
      verifyTimestamped(Buffer.from(body, 'utf8'), signTimestamped(body, SECRET, NOW), SECRET, NOW),
    ).not.toThrow();
  });

  it('refuses another secret', () => {
    refused(
      () => verifyTimestamped(Buffer.from(BODY), header, 'whsec_other', NOW),
      'The signature does not match the body',
    );
  });

  it('refuses a changed body (one character, or a space added)', () => {
    refused(
      () => verifyTimestamped(Buffer.from(BODY.replace('15000', '15001')), header, SECRET, NOW),
      'The signature does not match the body',
    );
    refused(
      () => verifyTimestamped(Buffer.from(`${BODY} `), header, SECRET, NOW),
      'The signature does not match the body',
    );
  });

  it('refuses a changed timestamp (the timestamp is signed too)', () => {
    const moved = header.replace(`t=${NOW}`, `t=${NOW + 1}`);
    refused(
      () => verifyTimestamped(Buffer.from(BODY), moved, SECRET, NOW),
      'The signature does not match the body',
    );
  });

  it('refuses a missing header', () => {
    refused(
      () => verifyTimestamped(Buffer.from(BODY), undefined, SECRET, NOW),
      'The signature header is missing',
    );
    refused(() => verifyTimestamped(Buffer.from(BODY), '', SECRET, NOW), 'The signature header is missing');
  });

  it('refuses a header without a timestamp', () => {
    const v1 = v1Of(header);
    for (const bad of [`v1=${v1}`, `t=,v1=${v1}`, `t=soon,v1=${v1}`, `t=${NOW}.5,v1=${v1}`, 'garbage']) {
      refused(() => verifyTimestamped(Buffer.from(BODY), bad, SECRET, NOW), 'The signature has no timestamp');
    }
  });

  it(`accepts up to ${SIGNATURE_TOLERANCE_SECONDS} s either way, and refuses beyond`, () => {
    expect(SIGNATURE_TOLERANCE_SECONDS).toBe(300);
    const verifyAt = (now: number) => () => verifyTimestamped(Buffer.from(BODY), header, SECRET, now);
    expect(verifyAt(NOW + 300)).not.toThrow(); // an old signature, at the edge
    expect(verifyAt(NOW - 300)).not.toThrow(); // from a clock ahead of ours, at the edge
    refused(verifyAt(NOW + 301), 'The signature timestamp is outside the tolerance'); // too old: a replay
    refused(verifyAt(NOW - 301), 'The signature timestamp is outside the tolerance'); // from the future
    refused(verifyAt(NOW + 86_400), 'The signature timestamp is outside the tolerance');
  });

  it('refuses a v1 that is not 64 hex digits', () => {
    const v1 = v1Of(header);
    for (const bad of [
      `t=${NOW},v1=${'z'.repeat(64)}`,
      `t=${NOW},v1=${v1.slice(0, 63)}`,
      `t=${NOW},v1=${v1}00`,
      // Buffer.from(…, 'hex') drops what follows the valid digits: these must still be refused
      `t=${NOW},v1=${v1}0`,
      `t=${NOW},v1=${v1}zz`,
      `t=${NOW},v1=${v1}-`,
      `t=${NOW},v1=${v1.slice(0, 62)}-1`,
      `t=${NOW}`,
      `t=${NOW},v0=${v1}`,
    ]) {
      refused(
        () => verifyTimestamped(Buffer.from(BODY), bad, SECRET, NOW),
        'The signature does not match the body',
      );
    }
  });

  it('accepts upper-case hex (the same bytes)', () => {
    const upper = `t=${NOW},v1=${v1Of(header).toUpperCase()}`;
    expect(() => verifyTimestamped(Buffer.from(BODY), upper, SECRET, NOW)).not.toThrow();
  });

  it('accepts several v1 values when one of them matches (a secret being rolled)', () => {
    const v1 = v1Of(header);
    const other = v1Of(signTimestamped(BODY, 'whsec_old_secret', NOW));
    for (const several of [
      `t=${NOW},v1=${other},v1=${v1}`,
      `t=${NOW},v1=${v1},v1=${other}`,
      `t=${NOW},v1=nothex,v0=${other},v1=${v1}`,
      ` t=${NOW} , v1=${other} , v1=${v1} `,
    ]) {
      expect(() => verifyTimestamped(Buffer.from(BODY), several, SECRET, NOW)).not.toThrow();
    }
    refused(
      () => verifyTimestamped(Buffer.from(BODY), `t=${NOW},v1=${other},v1=${'0'.repeat(64)}`, SECRET, NOW),
      'The signature does not match the body',
    );
  });
});
