import { and, eq } from 'drizzle-orm';
import { payments } from '../../db/schema.ts';
import type { SandboxGateway } from '../../kernel/payments/sandbox.ts';
import { notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';

/**
 * The sandbox and the payment behind a test checkout, when it is the caller's own: anyone else (and
 * a server without the sandbox) gets 404.
 */
export async function sandboxCheckoutFor(
  deps: Deps,
  userId: string,
  reference: string,
): Promise<{ sandbox: SandboxGateway }> {
  const sandbox = deps.payments.sandbox;
  if (!sandbox) throw notFound('This checkout does not exist.');
  const [payment] = await deps.database.db
    .select({ user_id: payments.user_id })
    .from(payments)
    .where(and(eq(payments.gateway, 'sandbox'), eq(payments.reference, reference)));
  if (!payment || payment.user_id !== userId) throw notFound('This checkout does not exist.');
  return { sandbox };
}
