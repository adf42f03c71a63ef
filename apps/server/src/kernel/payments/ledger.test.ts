import { randomUUID } from 'node:crypto';
import { balances, type Currency, type LedgerMovement, paymentReceived } from '@adwuma/shared';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ledgerBalances, recordMovement } from './ledger.ts';

/**
 * The ledger on a real database: recordMovement writes once per idempotency key, balances derive
 * from the entries, and the database itself refuses an unbalanced transaction (a deferred
 * constraint trigger, at commit) and any UPDATE or DELETE (append-only).
 * Replay a property failure with LEDGER_SEED=<seed>; CI uses a fixed seed.
 */

const CI_SEED = 20261217;
const SEED = Number(process.env.LEDGER_SEED ?? (process.env.CI ? CI_SEED : Date.now() % 2 ** 31));
const RUNS = Number(process.env.LEDGER_RUNS ?? 25);
const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(() => t?.close());

const uniqueKey = (label: string) => `test:${label}:${randomUUID()}`;

/** The error's message and its causes' (drizzle wraps the driver's error). */
function errorText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(' <- ');
}

/** What a promise rejected with; fails the test when it resolved. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the database to refuse, but it accepted');
}

async function rowsFor(key: string) {
  const transactions = await db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotency_key, key));
  const entries = transactions.length
    ? await db
        .select({
          account: ledgerEntries.account,
          currency: ledgerEntries.currency,
          amount: ledgerEntries.amount_minor,
        })
        .from(ledgerEntries)
        .where(
          inArray(
            ledgerEntries.transaction_id,
            transactions.map((r) => r.id),
          ),
        )
    : [];
  return { transactions, entries };
}

describe('recordMovement', () => {
  it('writes a movement once per idempotency key; a second call answers false and writes nothing', async () => {
    const key = uniqueKey('once');
    const movement = paymentReceived({
      idempotencyKey: key,
      gateway: 'sandbox',
      currency: 'GHS',
      amountMinor: 15_000,
    });
    expect(await db.transaction((tx) => recordMovement(tx, movement, null))).toBe(true);

    // replayed, and even with other entries under the same key: nothing new
    const other: LedgerMovement = {
      ...movement,
      entries: movement.entries.map((e) => ({ ...e, amountMinor: e.amountMinor * 2 })),
    };
    expect(await db.transaction((tx) => recordMovement(tx, movement, null))).toBe(false);
    expect(await db.transaction((tx) => recordMovement(tx, other, null))).toBe(false);

    const rows = await rowsFor(key);
    expect(rows.transactions).toHaveLength(1);
    expect(rows.transactions[0]).toMatchObject({
      kind: 'subscription_payment',
      currency: 'GHS',
      payment_id: null,
    });
    expect(rows.entries.sort((a, b) => a.amount - b.amount)).toEqual([
      { account: 'revenue:subscriptions', currency: 'GHS', amount: -15_000 },
      { account: 'gateway:sandbox', currency: 'GHS', amount: 15_000 },
    ]);
  });

  it('twice in one transaction: the second answers false', async () => {
    const key = uniqueKey('same-tx');
    const movement = paymentReceived({
      idempotencyKey: key,
      gateway: 'stripe',
      currency: 'USD',
      amountMinor: 1_200,
    });
    const answers = await db.transaction(async (tx) => [
      await recordMovement(tx, movement, null),
      await recordMovement(tx, movement, null),
    ]);
    expect(answers).toEqual([true, false]);
    expect((await rowsFor(key)).entries).toHaveLength(2);
  });

  it('refuses an unsound movement before writing anything', async () => {
    const key = uniqueKey('unsound');
    const unbalanced: LedgerMovement = {
      idempotencyKey: key,
      currency: 'GHS',
      kind: 'test',
      entries: [
        { account: 'a', amountMinor: 100 },
        { account: 'b', amountMinor: -99 },
      ],
    };
    await expect(db.transaction((tx) => recordMovement(tx, unbalanced, null))).rejects.toThrow(
      'The entries do not balance (they sum to 1)',
    );
    expect((await rowsFor(key)).transactions).toHaveLength(0);
  });

  it('a rolled-back transaction leaves the key free', async () => {
    const key = uniqueKey('rollback');
    const movement = paymentReceived({
      idempotencyKey: key,
      gateway: 'sandbox',
      currency: 'GHS',
      amountMinor: 500,
    });
    await expect(
      db.transaction(async (tx) => {
        expect(await recordMovement(tx, movement, null)).toBe(true);
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect((await rowsFor(key)).transactions).toHaveLength(0);
    expect(await db.transaction((tx) => recordMovement(tx, movement, null))).toBe(true);
  });
});

describe('ledger balances (property)', () => {
  interface Group {
    movements: LedgerMovement[];
    commit: boolean;
  }

  /** Balanced movements over six keys and five accounts, so duplicates and shared accounts are common. */
  const movement: fc.Arbitrary<LedgerMovement> = fc
    .record({
      key: fc.integer({ min: 1, max: 6 }),
      currency: fc.constantFrom<Currency>('GHS', 'USD'),
      parts: fc.array(
        fc.record({
          account: fc.constantFrom(
            'gateway:sandbox',
            'gateway:paystack',
            'revenue:subscriptions',
            'refunds',
            'x',
          ),
          amountMinor: fc.integer({ min: -5_000_000, max: 5_000_000 }).filter((n) => n !== 0),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      closing: fc.constantFrom('gateway:sandbox', 'revenue:subscriptions', 'refunds'),
    })
    .filter((r) => r.parts.reduce((s, p) => s + p.amountMinor, 0) !== 0)
    .map((r) => ({
      idempotencyKey: `k${r.key}`,
      currency: r.currency,
      kind: 'test',
      entries: [
        ...r.parts,
        { account: r.closing, amountMinor: -r.parts.reduce((s, p) => s + p.amountMinor, 0) },
      ],
    }));
  /** Database transactions of movements: mostly committed, a few rolled back. */
  const groups: fc.Arbitrary<Group[]> = fc.array(
    fc.record({
      movements: fc.array(movement, { minLength: 1, maxLength: 4 }),
      commit: fc.oneof(
        { weight: 4, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
    }),
    { minLength: 1, maxLength: 6 },
  );
  /** The ledger is never emptied: every execution (shrinks too) gets keys and accounts of its own. */
  const scoped = (m: LedgerMovement, prefix: string): LedgerMovement => ({
    ...m,
    idempotencyKey: `${prefix}:${m.idempotencyKey}`,
    entries: m.entries.map((e) => ({ ...e, account: `${prefix}:${e.account}` })),
  });

  class Rollback extends Error {}

  it('balances read from the database equal the pure balances() of the committed movements', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(groups, async (generated) => {
        const prefix = `run${run++}-${randomUUID().slice(0, 8)}`;
        const committed: LedgerMovement[] = [];
        const written = new Set<string>();
        for (const group of generated) {
          const movements = group.movements.map((m) => scoped(m, prefix));
          const local = new Set<string>();
          const attempt = db.transaction(async (tx) => {
            for (const m of movements) {
              const fresh = !written.has(m.idempotencyKey) && !local.has(m.idempotencyKey);
              expect(await recordMovement(tx, m, null)).toBe(fresh);
              local.add(m.idempotencyKey);
            }
            if (!group.commit) throw new Rollback();
          });
          if (group.commit) {
            await attempt;
            committed.push(...movements);
            for (const k of local) written.add(k);
          } else {
            await expect(attempt).rejects.toBeInstanceOf(Rollback);
          }
        }
        const stored = new Map(
          [...(await ledgerBalances(db))].filter(([key]) => key.slice(4).startsWith(`${prefix}:`)),
        );
        expect(stored).toEqual(balances(committed));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('every currency of the whole ledger sums to zero', async () => {
    const totals = new Map<string, number>();
    for (const [key, value] of await ledgerBalances(db)) {
      const currency = key.slice(0, 3);
      totals.set(currency, (totals.get(currency) ?? 0) + value);
    }
    expect(totals.size).toBeGreaterThan(0);
    for (const total of totals.values()) expect(total).toBe(0);
  });
});

describe('the database guards the ledger', () => {
  /** Inserts a ledger transaction and its entries directly, bypassing recordMovement's checks. */
  async function insertRaw(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    key: string,
    amounts: number[],
    transactionId?: string,
  ): Promise<string> {
    let id = transactionId;
    if (!id) {
      const [row] = await tx
        .insert(ledgerTransactions)
        .values({ idempotency_key: key, kind: 'test', currency: 'GHS' })
        .returning({ id: ledgerTransactions.id });
      id = row!.id;
    }
    await tx.insert(ledgerEntries).values(
      amounts.map((amount, i) => ({
        transaction_id: id!,
        account: `raw:${i}`,
        currency: 'GHS' as const,
        amount_minor: amount,
      })),
    );
    return id;
  }

  it('accepts balanced entries written directly (the control case)', async () => {
    const key = uniqueKey('raw-balanced');
    await db.transaction((tx) => insertRaw(tx, key, [70, 30, -100]));
    expect((await rowsFor(key)).entries).toHaveLength(3);
  });

  it('refuses an unbalanced transaction at commit, keeping nothing of it', async () => {
    const key = uniqueKey('raw-unbalanced');
    const error = await rejection(db.transaction((tx) => insertRaw(tx, key, [100, -99])));
    expect(errorText(error)).toMatch(/ledger transaction [0-9a-f-]+ does not balance \(sum 1\)/);
    expect(await rowsFor(key)).toEqual({ transactions: [], entries: [] });
  });

  it('refuses a one-sided entry, and takes the whole database transaction down with it', async () => {
    const good = uniqueKey('raw-good');
    const bad = uniqueKey('raw-one-sided');
    const error = await rejection(
      db.transaction(async (tx) => {
        await insertRaw(tx, good, [250, -250]);
        await recordMovement(
          tx,
          paymentReceived({
            idempotencyKey: `${good}:p`,
            gateway: 'sandbox',
            currency: 'GHS',
            amountMinor: 9,
          }),
          null,
        );
        await insertRaw(tx, bad, [250]);
      }),
    );
    expect(errorText(error)).toMatch(/does not balance \(sum 250\)/);
    expect((await rowsFor(good)).transactions).toHaveLength(0);
    expect((await rowsFor(`${good}:p`)).transactions).toHaveLength(0);
    expect((await rowsFor(bad)).transactions).toHaveLength(0);
  });

  it('refuses an entry added later to a transaction that balanced', async () => {
    const key = uniqueKey('raw-later');
    const id = await db.transaction((tx) => insertRaw(tx, key, [500, -500]));
    const error = await rejection(db.transaction((tx) => insertRaw(tx, key, [5], id)));
    expect(errorText(error)).toMatch(/does not balance \(sum 5\)/);
    // a balanced pair added later is still a balanced transaction
    await db.transaction((tx) => insertRaw(tx, key, [7, -7], id));
    expect((await rowsFor(key)).entries.map((e) => e.amount).sort((a, b) => a - b)).toEqual([
      -500, -7, 7, 500,
    ]);
  });

  it('refuses UPDATE and DELETE of entries and transactions (append-only)', async () => {
    const key = uniqueKey('append-only');
    await db.transaction((tx) =>
      recordMovement(
        tx,
        paymentReceived({ idempotencyKey: key, gateway: 'sandbox', currency: 'GHS', amountMinor: 4_200 }),
        null,
      ),
    );
    const before = await rowsFor(key);
    const id = before.transactions[0]!.id;

    const attempts: [string, () => Promise<unknown>][] = [
      [
        'UPDATE on ledger_entries',
        () => db.update(ledgerEntries).set({ amount_minor: 1 }).where(eq(ledgerEntries.transaction_id, id)),
      ],
      [
        'UPDATE on ledger_entries',
        () =>
          db.update(ledgerEntries).set({ account: 'elsewhere' }).where(eq(ledgerEntries.transaction_id, id)),
      ],
      [
        'DELETE on ledger_entries',
        () => db.delete(ledgerEntries).where(eq(ledgerEntries.transaction_id, id)),
      ],
      [
        'UPDATE on ledger_transactions',
        () => db.update(ledgerTransactions).set({ kind: 'forged' }).where(eq(ledgerTransactions.id, id)),
      ],
      [
        'DELETE on ledger_transactions',
        () => db.delete(ledgerTransactions).where(eq(ledgerTransactions.id, id)),
      ],
    ];
    for (const [what, attempt] of attempts) {
      const error = await rejection(attempt());
      expect(errorText(error)).toContain(`the ledger is append-only: ${what} is refused`);
    }
    expect(await rowsFor(key)).toEqual(before);
  });
});

describe('concurrent recordMovement with one key', () => {
  const movementPair = (key: string) =>
    [
      paymentReceived({ idempotencyKey: key, gateway: 'sandbox', currency: 'GHS', amountMinor: 1_000 }),
      paymentReceived({ idempotencyKey: key, gateway: 'paystack', currency: 'GHS', amountMinor: 2_000 }),
    ] as const;

  it('two transactions at once write it once', async () => {
    for (let i = 0; i < 8; i++) {
      const key = uniqueKey(`race-${i}`);
      const [a, b] = movementPair(key);
      const answers = await Promise.all([
        db.transaction((tx) => recordMovement(tx, a, null)),
        db.transaction((tx) => recordMovement(tx, b, null)),
      ]);
      expect(answers.filter(Boolean)).toHaveLength(1);
      const rows = await rowsFor(key);
      expect(rows.transactions).toHaveLength(1);
      expect(rows.entries).toHaveLength(2);
      // the entries are all of the movement that won
      const winner = answers[0] ? 'gateway:sandbox' : 'gateway:paystack';
      expect(rows.entries.map((e) => e.account).sort()).toEqual([winner, 'revenue:subscriptions'].sort());
    }
  });

  /** Waits until a backend of this database waits on a lock (the second insert on the first's key). */
  const someoneWaitsOnALock = () =>
    vi.waitFor(
      async () => {
        const { rows } = await t.database.executeSql(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        expect(rows[0]!.n).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 20 },
    );

  /** The first transaction writes and holds its commit; the second blocks on the key, then settles. */
  async function overlapping(firstCommits: boolean) {
    const key = uniqueKey(firstCommits ? 'overlap-commit' : 'overlap-rollback');
    const [a, b] = movementPair(key);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let wrote!: () => void;
    const firstWrote = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    const first = db
      .transaction(async (tx) => {
        const answer = await recordMovement(tx, a, null);
        wrote();
        await held;
        if (!firstCommits) throw new Error('first gives up');
        return answer;
      })
      .catch((error: Error) => error.message);
    await firstWrote;
    const second = db.transaction((tx) => recordMovement(tx, b, null));
    await someoneWaitsOnALock();
    release();
    return { key, first: await first, second: await second };
  }

  it.runIf(onPostgres)(
    'the second waits for the first: it writes nothing after the first commits',
    async () => {
      const { key, first, second } = await overlapping(true);
      expect([first, second]).toEqual([true, false]);
      const rows = await rowsFor(key);
      expect(rows.transactions).toHaveLength(1);
      expect(rows.entries.map((e) => e.account).sort()).toEqual(['gateway:sandbox', 'revenue:subscriptions']);
    },
  );

  it.runIf(onPostgres)('the second writes after the first rolls back', async () => {
    const { key, first, second } = await overlapping(false);
    expect([first, second]).toEqual(['first gives up', true]);
    const rows = await rowsFor(key);
    expect(rows.transactions).toHaveLength(1);
    expect(rows.entries.map((e) => e.account).sort()).toEqual(['gateway:paystack', 'revenue:subscriptions']);
  });
});
