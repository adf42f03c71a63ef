import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from './profile.ts';

describe('profile update (spec 5 "Profile")', () => {
  it('refuses role, type, is_admin and id', () => {
    for (const key of ['role', 'type', 'is_admin', 'id']) {
      expect(profileUpdateSchema.safeParse({ [key]: 'admin' }).success).toBe(false);
    }
  });
  it('normalises a Ghana phone and refuses others', () => {
    expect(profileUpdateSchema.parse({ phone: '024 123 4567' }).phone).toBe('+233241234567');
    const bad = profileUpdateSchema.safeParse({ phone: '+44 20 7946 0958' });
    expect(bad.error?.issues[0]?.message).toBe('Enter a Ghana phone number, e.g. +233 24 123 4567');
  });
  it('absent fields stay absent; blank clears', () => {
    expect(profileUpdateSchema.parse({})).toEqual({});
    expect(profileUpdateSchema.parse({ bio: '  ', phone: '' })).toEqual({ bio: null, phone: null });
  });
  it('holds text to the general rules', () => {
    expect(
      profileUpdateSchema.safeParse({ bio: '<img src=x onerror=alert(1)>' }).error?.issues[0]?.message,
    ).toBe('HTML tags are not allowed');
    expect(profileUpdateSchema.safeParse({ full_name: 'A' }).error?.issues[0]?.message).toBe(
      'Must be at least 2 characters long',
    );
  });
});
