import { describe, expect, it } from 'vitest';
import {
  changesWhoIsSignedIn,
  isPrivateApi,
  isPublicApi,
  isUserApi,
  servedByShell,
} from './offline-routes.ts';

describe('what the service worker keeps for offline', () => {
  it('keeps provider profiles, bookings and conversations, and never who is signed in', () => {
    expect(isPublicApi('/api/providers/ama-mensah-k3x9q2')).toBe(true);
    expect(isPublicApi('/api/providers/ama/reviews')).toBe(false);
    for (const path of ['/api/bookings', '/api/bookings/b1', '/api/conversations', '/api/conversations/c1'])
      expect(isUserApi(path), path).toBe(true);
    expect(isUserApi('/api/bookings/b1/accept')).toBe(false);
    for (const path of ['/api/auth/get-session', '/api/session', '/api/me', '/api/me/phone'])
      expect(isPrivateApi(path), path).toBe(true);
    expect(isPrivateApi('/api/messages/search')).toBe(false);
  });

  it('answers the app pages from the shell, anything else never opened gets the offline page', () => {
    for (const path of ['/search', '/dashboard', '/schedule', '/bookings/b1', '/messaging'])
      expect(servedByShell(path), path).toBe(true);
    for (const path of ['/help', '/pricing', '/providers/ama', '/admin/dashboard'])
      expect(servedByShell(path), path).toBe(false);
  });

  it('drops the person’s data when sign-in changes', () => {
    for (const path of ['/api/auth/sign-out', '/api/auth/sign-in/email', '/api/auth/phone-number/verify'])
      expect(changesWhoIsSignedIn(path), path).toBe(true);
    expect(changesWhoIsSignedIn('/api/auth/get-session')).toBe(false);
  });
});
