import { type AdminUserStatus, ROLE_LABELS, ROLES, type Role } from '@adwuma/shared';
import { Ban, CheckCircle2, XCircle } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import type { VerificationFilter } from './api/users.ts';

export const ROLE_OPTIONS: { value: Role | ''; label: string }[] = [
  { value: '', label: 'All roles' },
  ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];

export const VERIFICATION_LABELS: Record<VerificationFilter, string> = {
  verified: 'Verified',
  in_review: 'In review',
  unverified: 'Not verified',
};
export const VERIFICATION_OPTIONS: { value: VerificationFilter | ''; label: string }[] = [
  { value: '', label: 'Any verification' },
  ...(Object.keys(VERIFICATION_LABELS) as VerificationFilter[]).map((value) => ({
    value,
    label: VERIFICATION_LABELS[value],
  })),
];

export const STATUS_OPTIONS: { value: AdminUserStatus | ''; label: string }[] = [
  { value: '', label: 'Any status' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
];

/** "Suspended" in words (and red); active accounts read "Active". */
export function UserStatusBadge({ status }: { status: AdminUserStatus }) {
  return status === 'suspended' ? (
    <Badge tone="danger">
      <Ban aria-hidden="true" className="h-3.5 w-3.5" /> Suspended
    </Badge>
  ) : (
    <Badge tone="neutral">Active</Badge>
  );
}

/** Yes / No with an icon, the word carrying the meaning. */
export function YesNo({ value, yes = 'Yes', no = 'No' }: { value: boolean; yes?: string; no?: string }) {
  return value ? (
    <span className="inline-flex items-center gap-1 text-leaf-700 dark:text-green-300">
      <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> {yes}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-muted-fg">
      <XCircle aria-hidden="true" className="h-4 w-4" /> {no}
    </span>
  );
}

/** "service_provider" → "Service provider", for server words with no label of their own. */
export const humanize = (word: string) => {
  const text = word.replaceAll('_', ' ').replaceAll('.', ' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
