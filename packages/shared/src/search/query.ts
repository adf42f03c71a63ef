import { z } from 'zod';
import { MAX_PRICE_MINOR } from '../money.ts';
import { roundCoordinate } from './geo.ts';
import { SEARCH_LIMITS, SEARCH_MESSAGES, SEARCH_SORTS } from './params.ts';

/**
 * The provider search's schema, for GET /api/search (the server). Its bounds, and how a search is
 * written to and read from the URL, are in params.ts, without zod: the public /search and category
 * pages read their URL with no schema library in their download (issue 20).
 */

const num = (message: string) => z.coerce.number({ error: message });
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const searchQuerySchema = z
  .object({
    q: z
      .string()
      .max(SEARCH_LIMITS.qMax, { error: SEARCH_MESSAGES.qTooLong })
      .transform((s) => s.replace(/\s+/g, ' ').trim())
      .optional(),
    category: z
      .string()
      .regex(/^[a-z0-9-]{1,60}$/, { error: SEARCH_MESSAGES.category })
      .optional(),
    lat: num(SEARCH_MESSAGES.lat)
      .min(-90, { error: SEARCH_MESSAGES.lat })
      .max(90, { error: SEARCH_MESSAGES.lat })
      .transform(roundCoordinate)
      .optional(),
    lng: num(SEARCH_MESSAGES.lng)
      .min(-180, { error: SEARCH_MESSAGES.lng })
      .max(180, { error: SEARCH_MESSAGES.lng })
      .transform(roundCoordinate)
      .optional(),
    /** A place name shown back to the user ("Kumasi"); the coordinates are what is searched. */
    near: z.string().max(100).optional(),
    radius: num(SEARCH_MESSAGES.radius)
      .min(SEARCH_LIMITS.radiusMinKm, { error: SEARCH_MESSAGES.radius })
      .max(SEARCH_LIMITS.radiusMaxKm, { error: SEARCH_MESSAGES.radius })
      .default(SEARCH_LIMITS.radiusDefaultKm),
    min_rating: num(SEARCH_MESSAGES.rating)
      .min(0, { error: SEARCH_MESSAGES.rating })
      .max(5, { error: SEARCH_MESSAGES.rating })
      .optional(),
    price_min: num(SEARCH_MESSAGES.price)
      .int({ error: SEARCH_MESSAGES.price })
      .min(0, { error: SEARCH_MESSAGES.price })
      .max(MAX_PRICE_MINOR, { error: SEARCH_MESSAGES.price })
      .optional(),
    price_max: num(SEARCH_MESSAGES.price)
      .int({ error: SEARCH_MESSAGES.price })
      .min(0, { error: SEARCH_MESSAGES.price })
      .max(MAX_PRICE_MINOR, { error: SEARCH_MESSAGES.price })
      .optional(),
    verified: flag.optional(),
    /** Open on this weekday (0 = Sunday), from the providers' weekly hours. */
    day: num(SEARCH_MESSAGES.day)
      .int({ error: SEARCH_MESSAGES.day })
      .min(0, { error: SEARCH_MESSAGES.day })
      .max(6, { error: SEARCH_MESSAGES.day })
      .optional(),
    sort: z.enum(SEARCH_SORTS).optional(),
    page: num(SEARCH_MESSAGES.page)
      .int({ error: SEARCH_MESSAGES.page })
      .min(1, { error: SEARCH_MESSAGES.page })
      .max(SEARCH_LIMITS.pageMax, { error: SEARCH_MESSAGES.page })
      .default(1),
  })
  .superRefine((v, ctx) => {
    if ((v.lat === undefined) !== (v.lng === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.lat === undefined ? 'lat' : 'lng'],
        message: SEARCH_MESSAGES.bothCoordinates,
      });
    }
    if (v.price_min !== undefined && v.price_max !== undefined && v.price_min > v.price_max) {
      ctx.addIssue({ code: 'custom', path: ['price_min'], message: SEARCH_MESSAGES.priceOrder });
    }
    if (v.sort === 'distance' && v.lat === undefined) {
      ctx.addIssue({ code: 'custom', path: ['sort'], message: SEARCH_MESSAGES.distanceNeedsPlace });
    }
  });
export type SearchQueryInput = z.input<typeof searchQuerySchema>;
export type SearchQuery = z.output<typeof searchQuerySchema>;
