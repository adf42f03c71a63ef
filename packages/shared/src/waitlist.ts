/**
 * Waitlist rules (spec 5 "Waitlist", spec 8 "Waitlist duplicate"). No dependencies: the landing page
 * bundle imports this file directly.
 */
import { validateEmail } from './validation/text.ts';

export const waitlistMessages = {
  heroRequired: 'Please enter your email address',
  invalidTitle: 'Invalid Email',
  invalidBody: 'Please enter a valid email address',
  duplicateTitle: "You're Already In!",
  duplicateBody: 'Already Subscribed',
  successTitle: "You're on the list!",
  successBody: "We'll email you as Adwuma opens in your city.",
  errorTitle: 'Subscription Failed',
  errorBody: 'Error: Something went wrong. Please try again.',
} as const;

export type WaitlistForm = 'hero' | 'bottom';

/**
 * Spec 5: the hero form requires an email; the bottom form needs a non-empty value containing @.
 * Both are then held to the email utility on the server, so a client that skips these checks still
 * gets a clear answer.
 */
export function checkWaitlistEmail(form: WaitlistForm, raw: string): string | null {
  const value = raw.trim();
  if (form === 'hero') {
    if (value.length === 0) return waitlistMessages.heroRequired;
    return validateEmail(value) ? waitlistMessages.invalidBody : null;
  }
  if (value.length === 0 || !value.includes('@')) return waitlistMessages.invalidBody;
  return validateEmail(value) ? waitlistMessages.invalidBody : null;
}
