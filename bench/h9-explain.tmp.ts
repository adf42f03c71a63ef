import { resolveRange, toDay } from '@adwuma/shared';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { ANALYTICS_SETTINGS, funnelStatement } from '../apps/server/src/features/admin-analytics/index.ts';
const database = await openPostgres(process.env.URL!, 2);
const days = Number(process.env.DAYS ?? 30);
const range = resolveRange({ start: toDay(new Date(Date.now() - (days - 1) * 86_400_000)) }, new Date());
if ('field' in range) throw new Error();
const extra = process.env.EXTRA ? sql.raw(process.env.EXTRA) : sql`select 1`;
for (let i = 0; i < Number(process.env.N ?? 1); i++) {
  const rows = await database.db.transaction(async (tx) => {
    await tx.execute(ANALYTICS_SETTINGS);
    await tx.execute(extra);
    return (await tx.execute(sql`explain (analyze, buffers${sql.raw(process.env.VERBOSE ? ', verbose' : '')}) ${funnelStatement(range)}`)).rows;
  });
  if (process.env.QUIET) console.log(rows.filter((r) => /Execution Time/.test(String(r['QUERY PLAN']))).map((r) => r['QUERY PLAN']).join('\n'));
  else console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
}
await database.close();
