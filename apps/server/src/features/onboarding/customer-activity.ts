import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Whether someone has acted as a customer (decision 021): a job posted, a quote asked for, a booking
 * as the customer, or a conversation started with a provider. One query of four indexed EXISTS
 * (each table has an index led by customer_id).
 */
export async function hasCustomerActivity(db: Db, userId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select (
      exists (select 1 from jobs where customer_id = ${userId})
      or exists (select 1 from quote_requests where customer_id = ${userId})
      or exists (select 1 from bookings where customer_id = ${userId})
      or exists (select 1 from conversations where customer_id = ${userId})
    ) as active`);
  const row = (result as unknown as { rows: { active: unknown }[] }).rows[0];
  return row?.active === true;
}
