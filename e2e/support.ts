import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from './test.ts';

/** A unique email so tests never collide on shared data. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string | null;
  template: string;
}

/** Waits until the dev outbox holds a mail for the address, and returns the newest one. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  template?: string,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const { mails } = (await res.json()) as { mails: OutboxMail[] };
        found = mails.find((m) => !template || m.template === template);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
