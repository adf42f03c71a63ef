import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import type { Database } from './client.ts';

/** Counts turns of the event loop: one tick per check phase, until stopped. */
function turnCounter() {
  let turn = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turn++;
    setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get turn() {
      return turn;
    },
    stop() {
      running = false;
    },
  };
}

// The embedded database's scheduling (decision 005); a Postgres server has a pool instead.
describe.skipIf(process.env.TEST_DB === 'postgres')(
  'PGlite: one statement per turn of the event loop',
  () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await database?.close();
    });

    it('runs statements issued together one per turn, in the order they came', async () => {
      const counter = turnCounter();
      const done: { label: string; turn: number }[] = [];
      await Promise.all(
        ['a', 'b', 'c', 'd'].map((label) =>
          database.executeSql('select $1::text as label', [label]).then(({ rows }) => {
            done.push({ label: String(rows[0]?.label), turn: counter.turn });
          }),
        ),
      );
      counter.stop();
      expect(done.map((d) => d.label)).toEqual(['a', 'b', 'c', 'd']);
      // Without the turns they all ran inside the turn that issued them (one turn number for all).
      for (let i = 1; i < done.length; i++) expect(done[i]!.turn).toBeGreaterThan(done[i - 1]!.turn);
    });

    it('runs the statements of `together` in one turn, and the next statement after them', async () => {
      const counter = turnCounter();
      const order: string[] = [];
      const turns: number[] = [];
      const together = database.together(async (runner) => {
        turns.push(counter.turn);
        await runner.executeSql('select 1');
        order.push('first');
        await runner.executeSql('select $1::int as n', [2]);
        order.push('second');
        turns.push(counter.turn);
      });
      const after = database.executeSql('select 3').then(() => order.push('after'));
      await Promise.all([together, after]);
      counter.stop();
      expect(order).toEqual(['first', 'second', 'after']);
      expect(turns[1]).toBe(turns[0]);
    });

    it('lets the next statement run after one that failed', async () => {
      const failing = database.executeSql('select * from no_such_table');
      const next = database.executeSql('select 1 as one');
      await expect(failing).rejects.toThrow(/no_such_table/);
      await expect(next).resolves.toEqual({ rows: [{ one: 1 }] });
    });

    it('starts with the smaller buffer pool', async () => {
      const { rows } = await database.executeSql('show shared_buffers');
      expect(rows[0]?.shared_buffers).toBe('64MB');
    });

    it('answers the statements queued before it closes', async () => {
      const own = await createTestDatabase();
      const queued = own.executeSql('select 42 as answer');
      await own.close();
      await expect(queued).resolves.toEqual({ rows: [{ answer: 42 }] });
    });
  },
);
