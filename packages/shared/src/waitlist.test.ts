import { describe, expect, it } from 'vitest';
import { checkWaitlistEmail, waitlistMessages } from './waitlist.ts';

describe('waitlist email rules (spec 5)', () => {
  it('hero form requires an email', () => {
    expect(checkWaitlistEmail('hero', '')).toBe(waitlistMessages.heroRequired);
    expect(checkWaitlistEmail('hero', '   ')).toBe(waitlistMessages.heroRequired);
  });
  it('bottom form needs a non-empty value containing @', () => {
    expect(checkWaitlistEmail('bottom', '')).toBe('Please enter a valid email address');
    expect(checkWaitlistEmail('bottom', 'kofi.example.com')).toBe('Please enter a valid email address');
  });
  it('both forms accept a real address and refuse a malformed one', () => {
    expect(checkWaitlistEmail('hero', 'kofi@example.com')).toBeNull();
    expect(checkWaitlistEmail('bottom', 'kofi@example.com')).toBeNull();
    expect(checkWaitlistEmail('hero', 'kofi@')).toBe('Please enter a valid email address');
    expect(checkWaitlistEmail('bottom', 'kofi@')).toBe('Please enter a valid email address');
  });
  it('uses the spec texts', () => {
    expect(waitlistMessages.invalidTitle).toBe('Invalid Email');
    expect(waitlistMessages.duplicateTitle).toBe("You're Already In!");
    expect(waitlistMessages.duplicateBody).toBe('Already Subscribed');
    expect(waitlistMessages.errorTitle).toBe('Subscription Failed');
    expect(waitlistMessages.errorBody).toBe('Error: Something went wrong. Please try again.');
  });
});
