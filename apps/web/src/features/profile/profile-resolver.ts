import { profileUpdateSchema } from '@adwuma/shared';
import { zodResolver } from '@hookform/resolvers/zod';

/** The profile form's validation (zod), loaded on its first check: see profile-form.tsx. */
export const profileResolver = zodResolver(profileUpdateSchema);
