import { ghanaCardNumberField, type VerificationState } from '@adwuma/shared';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

/** "gha 123456789 0" or "GHA1234567890" typed on a phone becomes GHA-123456789-0. */
export function tidyGhanaCard(value: string): string {
  const compact = value.replace(/[\s-]+/g, '').toUpperCase();
  const match = /^GHA(\d{9})(\d)$/.exec(compact);
  return match ? `GHA-${match[1]}-${match[2]}` : value.trim().toUpperCase();
}

/**
 * The id step's form: the Ghana Card number by the shared rule (GHA-123456789-0), after the dashes
 * a phone keyboard makes awkward are put in.
 */
export const ghanaCardFormSchema = z.object({
  ghana_card_number: z.string().transform(tidyGhanaCard).pipe(ghanaCardNumberField),
});
export type GhanaCardFormInput = z.input<typeof ghanaCardFormSchema>;
export type GhanaCardFormOutput = z.output<typeof ghanaCardFormSchema>;

/** POST /api/verification/submit: answers the new state (the session waits for a reviewer). */
export const submitVerification = (json: GhanaCardFormOutput) =>
  api<VerificationState>('/api/verification/submit', { method: 'POST', json });
