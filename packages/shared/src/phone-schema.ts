import { z } from 'zod';
import { checkGhanaMobile, GHANA_PHONE_MESSAGE, ghanaMobileMessage } from './phone.ts';

// Apart from phone.ts so that pages which only format numbers (profiles, WhatsApp links) do not
// load zod with them.

/**
 * A number that receives sign-in and verification codes (send-otp, verify, the phone forms): a
 * Ghana mobile number, stored as +233XXXXXXXXX.
 */
export const ghanaMobileSchema = z
  .string({ error: GHANA_PHONE_MESSAGE })
  .max(40, { error: GHANA_PHONE_MESSAGE })
  .transform((value, ctx) => {
    const checked = checkGhanaMobile(value);
    if (checked.ok) return checked.phone;
    ctx.addIssue({ code: 'custom', message: ghanaMobileMessage(checked.issue) });
    return z.NEVER;
  });
