import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './gateway.ts';

/** Seconds a signed webhook stays acceptable (Stripe's default tolerance, used by the sandbox too). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`: the Stripe scheme, for the sandbox's webhooks. */
export function signTimestamped(
  body: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${hmac(secret, `${timestamp}.${body}`)}`;
}

/** Checks a `t=,v1=` header over the raw body; throws WebhookSignatureError naming the problem. */
export function verifyTimestamped(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): void {
  if (!header) throw new WebhookSignatureError('The signature header is missing');
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, value] = item.split('=', 2);
    if (!key || !value) continue;
    parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  if (!Number.isSafeInteger(timestamp)) throw new WebhookSignatureError('The signature has no timestamp');
  if (Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('The signature timestamp is outside the tolerance');
  }
  const expected = Buffer.from(hmac(secret, `${timestamp}.${rawBody.toString('utf8')}`), 'hex');
  const matches = (parts.get('v1') ?? []).some((candidate) => {
    if (!/^[0-9a-f]{64}$/i.test(candidate)) return false;
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('The signature does not match the body');
}
