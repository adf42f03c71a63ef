import type { Profile, ProfileUpdateInput } from '@adwuma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ME_QUERY_KEY, type Me } from '../../../lib/session.ts';

export const PROFILE_PATH = '/api/profile';
export const AVATAR_PATH = '/api/profile/avatar';
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** PATCH /api/profile: only what a person may change about themselves. */
export function updateProfile(input: ProfileUpdateInput): Promise<Profile> {
  return api<Profile>(PROFILE_PATH, { method: 'PATCH', json: input });
}

/** POST /api/profile/avatar (multipart field "file"): answers the new picture's address. */
export async function uploadAvatar(file: File): Promise<string | null> {
  const body = new FormData();
  body.append('file', file);
  const answer = await api<{ avatar_url?: string | null }>(AVATAR_PATH, { method: 'POST', body });
  return answer?.avatar_url ?? null;
}

/** Keeps the session's copy of the profile in step with what the server saved. */
function useSetProfile() {
  const queryClient = useQueryClient();
  return (patch: Partial<Profile>) =>
    queryClient.setQueryData<Me | null>(ME_QUERY_KEY, (me) =>
      me ? { ...me, profile: { ...me.profile, ...patch } } : me,
    );
}

export function useUpdateProfile() {
  const setProfile = useSetProfile();
  return useMutation({ mutationFn: updateProfile, onSuccess: (profile) => setProfile(profile) });
}

export function useUploadAvatar() {
  const setProfile = useSetProfile();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (avatar_url) => setProfile({ avatar_url }),
  });
}

/** A picture the server will accept: JPEG, PNG or WebP, at most 2 MB. Answers the problem, or null. */
export function avatarProblem(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a JPEG, PNG or WebP picture.';
  }
  if (file.size > AVATAR_MAX_BYTES) return 'The picture must be at most 2 MB.';
  return null;
}
