import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages, providerSearch } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp } from '../../test/auth.ts';
import { PLACES, provider, seedProviders, service } from '../../test/providers.ts';
import { refreshResponseTime } from './response-time.ts';

describe('provider response time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const responseTime = async (providerId: string) => {
    const [row] = await t.database.db
      .select({ minutes: providerSearch.response_time_minutes })
      .from(providerSearch)
      .where(eq(providerSearch.provider_id, providerId));
    return row!.minutes;
  };

  it('is the median from a customer turn to the provider’s next message, null before any reply', async () => {
    const p = provider('Efua Asante', PLACES.accra, { services: [service('plumbing', 'Leak repair', 150)] });
    await seedProviders(t, [p]);
    const customers = await Promise.all([signUp(t), signUp(t), signUp(t)]);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    // Three conversations answered after 10, 30 and 240 minutes; one turn never answered.
    const script: [number, 'c' | 'p', number][][] = [
      [
        [1, 'c', 500],
        [2, 'c', 499],
        [3, 'p', 490],
      ],
      [
        [1, 'c', 300],
        [2, 'p', 270],
        [3, 'c', 100],
      ],
      [
        [1, 'c', 1000],
        [2, 'p', 760],
      ],
    ];
    for (const [i, lines] of script.entries()) {
      const [c] = await t.database.db
        .insert(conversations)
        .values({ customer_id: customers[i]!.id, provider_id: p.id, last_seq: lines.length })
        .returning();
      await t.database.db.insert(messages).values(
        lines.map(([seq, who, minutesAgo]) => ({
          conversation_id: c!.id,
          seq,
          sender_id: who === 'p' ? p.id : customers[i]!.id,
          body: `line ${seq}`,
          created_at: at(minutesAgo),
        })),
      );
      if (i === 0) {
        await refreshResponseTime(t.database.db, p.id);
        expect(await responseTime(p.id)).toBe(10);
      }
    }
    await refreshResponseTime(t.database.db, p.id);
    expect(await responseTime(p.id)).toBe(30);
  });

  it('stays null for a provider nobody wrote to', async () => {
    const p = provider('Yaw Darko', PLACES.kumasi, { services: [service('plumbing', 'Pipes', 90)] });
    await seedProviders(t, [p]);
    await refreshResponseTime(t.database.db, p.id);
    expect(await responseTime(p.id)).toBeNull();
  });
});
