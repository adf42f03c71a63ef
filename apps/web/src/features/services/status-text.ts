import type { ServiceStatus } from '@adwuma/shared';

/** A service's status as the provider reads it (the list on /post-service and the form). */
export const STATUS_TEXT: Record<ServiceStatus, { label: string; hint: string }> = {
  draft: { label: 'Draft', hint: 'Only you can see it' },
  published: { label: 'Published', hint: 'Customers can find and book it' },
  paused: { label: 'Paused', hint: 'Hidden from customers for now' },
};
