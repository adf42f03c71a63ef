import { z } from 'zod';
import { FULL_NAME_MAX } from '../auth/schemas.ts';
import { providerLocationSchema } from '../location/schemas.ts';
import { GHANA_PHONE_MESSAGE, normalizeGhanaPhone } from '../phone.ts';
import { ROLES } from '../roles.ts';
import { profileSchema } from '../schemas/account.ts';
import { safeText } from '../schemas/common.ts';
import { BIO_MAX } from '../schemas/profile.ts';
import { TIER_IDS } from '../tiers.ts';
import { textMessages, validateText } from '../validation/text.ts';
import { weeklyAvailabilityResponseSchema } from './availability.ts';
import { SET_A_STEPS } from './completion.ts';
import { REQUIRED_STEPS } from './steps.ts';

// ---- Requests ---------------------------------------------------------------------------------------

/** PUT /api/onboarding/profile: spec 5 profile step (non-blank full_name, phone, bio). */
export const onboardingProfileSchema = z.strictObject({
  full_name: safeText({ minLength: 2, maxLength: FULL_NAME_MAX }),
  phone: z.string({ error: textMessages.required }).transform((value, ctx) => {
    if (!value.trim()) {
      ctx.addIssue({ code: 'custom', message: textMessages.required });
      return z.NEVER;
    }
    const normalized = normalizeGhanaPhone(value);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: GHANA_PHONE_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  }),
  bio: safeText({ maxLength: BIO_MAX }),
});
export type OnboardingProfileRequest = z.input<typeof onboardingProfileSchema>;

export const SERVICE_CATEGORIES_MAX = 10;
export const SERVICE_TAGS_MAX = 20;
export const SERVICE_TAG_MAX_LENGTH = 40;

export const SERVICES_MESSAGES = {
  categoriesMin: 'Choose at least one service category',
  categoriesMax: `Choose at most ${SERVICE_CATEGORIES_MAX} categories`,
  tagsMax: `Add at most ${SERVICE_TAGS_MAX} services`,
  unknownCategory: (slug: string) => `Unknown service category: ${slug}`,
} as const;

const uniqueBy = <T>(items: T[], key: (item: T) => string): T[] => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

/**
 * PUT /api/onboarding/services: category slugs (saved as provider_skills) and free service tags,
 * e.g. "Knotless braids" (saved as provider_service_tags). Without tags, the chosen categories'
 * names become the tags, so a saved services step always meets spec 5's "at least one service tag".
 */
export const onboardingServicesSchema = z.strictObject({
  categories: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9-]{1,60}$/, { error: 'Not a category slug' }),
    )
    .min(1, { error: SERVICES_MESSAGES.categoriesMin })
    .transform((slugs) => uniqueBy(slugs, (s) => s))
    .refine((slugs) => slugs.length <= SERVICE_CATEGORIES_MAX, { error: SERVICES_MESSAGES.categoriesMax }),
  tags: z
    .array(
      z
        .string()
        .superRefine((value, ctx) => {
          const message = validateText(value, { maxLength: SERVICE_TAG_MAX_LENGTH });
          if (message) ctx.addIssue({ code: 'custom', message });
        })
        .transform((v) => v.trim().replace(/\s+/g, ' ')),
    )
    .default([])
    .transform((tags) => uniqueBy(tags, (t) => t.toLowerCase()))
    .refine((tags) => tags.length <= SERVICE_TAGS_MAX, { error: SERVICES_MESSAGES.tagsMax }),
});
export type OnboardingServicesRequest = z.input<typeof onboardingServicesSchema>;

/** The terms version the product shows now; an acceptance records it. */
export const CURRENT_TERMS_VERSION = '2026-11-01';

export const TERMS_MESSAGES = {
  accept: 'Accept the terms to continue',
  changed: 'The terms have changed. Please read them again and accept.',
} as const;

/** POST /api/onboarding/terms */
export const termsAcceptanceSchema = z.strictObject({
  accepted: z.literal(true, { error: TERMS_MESSAGES.accept }),
  /** The version the user read; defaults to the current one. */
  terms_version: z.string().trim().max(40).optional(),
});
export type TermsAcceptanceRequest = z.input<typeof termsAcceptanceSchema>;

export const SUBSCRIPTION_MESSAGES = {
  enterpriseByInquiry: 'Enterprise plans are arranged with our team: send an enterprise inquiry.',
} as const;

/** POST /api/onboarding/subscription */
export const subscriptionChoiceSchema = z.strictObject({
  tier: z.enum(TIER_IDS, { error: 'Choose starter, pro, premium or enterprise' }),
});
export type SubscriptionChoiceRequest = z.input<typeof subscriptionChoiceSchema>;

// ---- Responses --------------------------------------------------------------------------------------

const iso = z.string();

export const coreProgressSchema = z.object({
  profile_completed: z.boolean(),
  location_completed: z.boolean(),
  skills_completed: z.boolean(),
});

/** Spec 3 "Post-onboarding status result". */
export const postOnboardingStatusSchema = z.object({
  profile_complete: z.boolean(),
  location_set: z.boolean(),
  services_added: z.boolean(),
  availability_set: z.boolean(),
  id_uploaded: z.boolean(),
  terms_accepted: z.boolean(),
  subscription_selected: z.boolean(),
});

/** GET /api/onboarding/status (and `status` in every step's answer). */
export const onboardingStatusSchema = z.object({
  role: z.enum(ROLES),
  /** Provider-like (service_provider or explorer): the only users onboarding applies to. */
  isProvider: z.boolean(),
  /** Spec 3 "Onboarding status". */
  isOnboardingComplete: z.boolean(),
  nextRequiredStep: z.enum(REQUIRED_STEPS).nullable(),
  postOnboardingCompleted: z.boolean(),
  /** Set A's step (welcome, profile, location, services, subscription, complete). */
  currentStep: z.enum(SET_A_STEPS),
  /** Completed core items of 3, in percent. */
  completionPercentage: z.number().int(),
  core: coreProgressSchema,
  post: postOnboardingStatusSchema,
  steps: z.array(z.object({ id: z.enum(REQUIRED_STEPS), complete: z.boolean() })),
  introSeen: z.boolean(),
  verification: z.object({
    uploadedDocuments: z.number().int(),
    requiredDocuments: z.number().int(),
    sessionStatus: z.string().nullable(),
  }),
  /** The provider gate's answer for this user on a protected page: 'pass' or /onboarding/{step}. */
  gate: z.string(),
  /**
   * Whether the person has done anything as a customer: posted a job, asked for a quote, booked, or
   * started a conversation (decision 021). Onboarding then offers "Back to my customer account".
   */
  hasCustomerActivity: z.boolean(),
});
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;

export const onboardingProfileResponseSchema = z.object({
  profile: profileSchema,
  status: onboardingStatusSchema,
});

export const locationResponseSchema = z.object({ location: providerLocationSchema.nullable() });
export const locationSaveResponseSchema = z.object({
  location: providerLocationSchema,
  /** Not errors: e.g. a point outside Ghana. */
  warnings: z.array(z.string()),
  status: onboardingStatusSchema,
});

export const providerServicesSchema = z.object({
  categories: z.array(z.object({ slug: z.string(), name: z.string(), group_name: z.string() })),
  tags: z.array(z.string()),
});
export type ProviderServices = z.infer<typeof providerServicesSchema>;
export const servicesSaveResponseSchema = providerServicesSchema.extend({ status: onboardingStatusSchema });

export const availabilityResponseSchema = z.object({
  availability: weeklyAvailabilityResponseSchema.nullable(),
});
export const availabilitySaveResponseSchema = z.object({
  availability: weeklyAvailabilityResponseSchema,
  status: onboardingStatusSchema,
});

export const termsAcceptanceResponseSchema = z.object({
  accepted_at: iso,
  terms_version: z.string(),
  status: onboardingStatusSchema,
});

export const subscriptionSummarySchema = z.object({
  id: z.string(),
  subscription_tier: z.string(),
  status: z.string(),
  subscribed: z.boolean(),
  subscription_end: iso.nullable(),
  created_at: iso,
});
export const subscriptionChoiceResponseSchema = z.object({
  subscription: subscriptionSummarySchema,
  status: onboardingStatusSchema,
});

export const introSeenResponseSchema = z.object({ intro_seen: z.boolean(), status: onboardingStatusSchema });

/** GET /api/onboarding/summary: everything the review step shows. */
export const onboardingSummarySchema = z.object({
  profile: z.object({
    full_name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    bio: z.string().nullable(),
    avatar_url: z.string().nullable(),
  }),
  location: providerLocationSchema.nullable(),
  services: providerServicesSchema,
  availability: weeklyAvailabilityResponseSchema.nullable(),
  idDocuments: z.object({ total: z.number().int(), done: z.number().int(), required: z.number().int() }),
  terms: z.object({ accepted_at: iso, terms_version: z.string() }).nullable(),
  subscription: subscriptionSummarySchema.nullable(),
  status: onboardingStatusSchema,
});
export type OnboardingSummary = z.infer<typeof onboardingSummarySchema>;
