import { z } from 'zod';
import { MAX_PRICE_MINOR, MONEY_MESSAGES } from '../money.ts';
import { safeText } from '../schemas/common.ts';
import {
  PRICE_TYPES,
  SERVICE_LIMITS,
  SERVICE_MESSAGES,
  SERVICE_PHOTO_MESSAGES,
  SERVICE_STATUSES,
} from './rules.ts';

/** The service endpoints' request schemas; the bounds, labels and rules are in rules.ts (no zod). */

/** PUT /api/services/:id/photos/order: every photo id of the service, in the new order. */
export const servicePhotoOrderSchema = z.strictObject({
  photo_ids: z
    .array(z.uuid({ error: 'Not a photo id' }))
    .max(SERVICE_LIMITS.photosMax, { error: SERVICE_PHOTO_MESSAGES.order }),
});
export type ServicePhotoOrder = z.infer<typeof servicePhotoOrderSchema>;

const priceField = z
  .number({ error: MONEY_MESSAGES.invalid })
  .int({ error: MONEY_MESSAGES.invalid })
  .min(0, { error: MONEY_MESSAGES.negative })
  .max(MAX_PRICE_MINOR, { error: MONEY_MESSAGES.tooLarge });

const areasField = z
  .array(safeText({ maxLength: SERVICE_LIMITS.areaMax }))
  .max(SERVICE_LIMITS.areasMax, { error: SERVICE_MESSAGES.areasMax })
  .transform((areas) =>
    areas.filter((a, i) => areas.findIndex((b) => b.toLowerCase() === a.toLowerCase()) === i),
  );

const serviceFields = {
  title: safeText({ minLength: SERVICE_LIMITS.titleMin, maxLength: SERVICE_LIMITS.titleMax }),
  category: z.string().regex(/^[a-z0-9-]{1,60}$/, { error: 'Choose a category' }),
  description: safeText({
    minLength: SERVICE_LIMITS.descriptionMin,
    maxLength: SERVICE_LIMITS.descriptionMax,
  }),
  price_type: z.enum(PRICE_TYPES, { error: 'Choose how the price is counted' }),
  /** Pesewas. */
  price: priceField,
  duration_minutes: z
    .number({ error: SERVICE_MESSAGES.duration })
    .int({ error: SERVICE_MESSAGES.duration })
    .min(SERVICE_LIMITS.durationMin, { error: SERVICE_MESSAGES.duration })
    .max(SERVICE_LIMITS.durationMax, { error: SERVICE_MESSAGES.duration })
    .refine((m) => m % 15 === 0, { error: SERVICE_MESSAGES.durationStep })
    .nullish(),
  service_areas: areasField,
  status: z.enum(SERVICE_STATUSES, { error: 'Choose draft, published or paused' }),
};

export const serviceInputSchema = z.strictObject({
  ...serviceFields,
  service_areas: areasField.default([]),
  status: serviceFields.status.default('draft'),
});
export type ServiceInput = z.input<typeof serviceInputSchema>;
export type ServiceValues = z.output<typeof serviceInputSchema>;

/**
 * Partial edits: any field of the input. No defaults here: a field left out stays as it is (a
 * `.partial()` of the input schema would fill in status 'draft' and unpublish the service).
 */
export const serviceUpdateSchema = z.strictObject(serviceFields).partial();
export type ServiceUpdate = z.output<typeof serviceUpdateSchema>;
