import {
  availabilityResponseSchema,
  availabilitySaveResponseSchema,
  ID_DOCUMENTS_REQUIRED,
  introSeenResponseSchema,
  isDocumentDone,
  onboardingProfileResponseSchema,
  onboardingProfileSchema,
  onboardingServicesSchema,
  onboardingStatusSchema,
  onboardingSummarySchema,
  providerServicesSchema,
  servicesSaveResponseSchema,
  subscriptionChoiceResponseSchema,
  subscriptionChoiceSchema,
  termsAcceptanceResponseSchema,
  termsAcceptanceSchema,
  weeklyAvailabilitySchema,
} from '@adwuma/shared';
import { requireProvider } from '../../kernel/http/guards.ts';
import { requireUser } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { ownProfile, toProfile } from '../profile/index.ts';
import { loadIdDocumentStatuses } from './id-document-progress.ts';
import { findLocation, toProviderLocation } from './location-service.ts';
import { getOnboardingStatus } from './onboarding-status.ts';
import {
  acceptTerms,
  chooseSubscription,
  loadAvailability,
  loadServices,
  loadSubscription,
  loadTerms,
  markIntroSeen,
  saveAvailability,
  saveProfileStep,
  saveServices,
  toSubscriptionSummary,
} from './onboarding-steps.ts';

const errors = errorResponses(400, 401, 403);
const writeLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * Provider onboarding (spec 4/5/7): the status the server computes, and one endpoint per step, each
 * one transaction. Everything is the caller's own: no route takes a user id. Writes are for
 * provider-like users; a customer becomes one with POST /api/profile/become-provider.
 */
export async function onboardingRoutes(app: App) {
  const { db } = app.deps.database;

  app.get(
    '/api/onboarding/status',
    {
      config: { access: 'user' },
      schema: {
        tags: ['onboarding'],
        summary: 'Your onboarding status, computed on the server (progress written back when it changed)',
        response: { 200: onboardingStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return getOnboardingStatus(db, user, request.log);
    },
  );

  app.put(
    '/api/onboarding/profile',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Profile step: full name, Ghana phone, bio (the picture: POST /api/profile/avatar)',
        body: onboardingProfileSchema,
        response: { 200: onboardingProfileResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'provider' },
    },
    async (request) => {
      const { user, role } = await requireProvider(request);
      const profile = await saveProfileStep(db, user, request.body);
      const status = await getOnboardingStatus(db, user, request.log, role);
      return { profile: toProfile(profile), status };
    },
  );

  app.get(
    '/api/onboarding/services',
    {
      config: { access: 'user' },
      schema: {
        tags: ['onboarding'],
        summary: 'Your service categories and tags',
        response: { 200: providerServicesSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return loadServices(db, user.id);
    },
  );

  app.put(
    '/api/onboarding/services',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Services step: replace your categories (slugs) and service tags',
        body: onboardingServicesSchema,
        response: { 200: servicesSaveResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'provider' },
    },
    async (request) => {
      const { user, role } = await requireProvider(request);
      const services = await saveServices(db, user, request.body);
      const status = await getOnboardingStatus(db, user, request.log, role);
      return { ...services, status };
    },
  );

  app.get(
    '/api/onboarding/availability',
    {
      config: { access: 'user' },
      schema: {
        tags: ['onboarding'],
        summary: 'Your weekly hours (null until set)',
        response: { 200: availabilityResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { availability: await loadAvailability(db, user.id) };
    },
  );

  app.put(
    '/api/onboarding/availability',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Availability step: weekly hours per day and days off, Ghana time',
        body: weeklyAvailabilitySchema,
        response: { 200: availabilitySaveResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'provider' },
    },
    async (request) => {
      const { user, role } = await requireProvider(request);
      const availability = await saveAvailability(db, user, request.body);
      const status = await getOnboardingStatus(db, user, request.log, role);
      return { availability, status };
    },
  );

  app.post(
    '/api/onboarding/terms',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Terms step: accept the current terms',
        body: termsAcceptanceSchema,
        response: { 200: termsAcceptanceResponseSchema, ...errorResponses(409), ...errors },
      },
      config: { ...writeLimit, access: 'provider' },
    },
    async (request) => {
      const { user, role } = await requireProvider(request);
      const ua = request.headers['user-agent'];
      const record = await acceptTerms(db, user, request.body, {
        ip: request.ip ?? null,
        userAgent: typeof ua === 'string' ? ua : null,
      });
      return {
        accepted_at: record.accepted_at.toISOString(),
        terms_version: record.terms_version,
        status: await getOnboardingStatus(db, user, request.log, role),
      };
    },
  );

  app.post(
    '/api/onboarding/subscription',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Subscription step: keep Starter (free); paid tiers open with payments',
        body: subscriptionChoiceSchema,
        response: { 200: subscriptionChoiceResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'provider' },
    },
    async (request) => {
      const { user, role } = await requireProvider(request);
      const subscription = await chooseSubscription(db, user, request.body);
      return {
        subscription: toSubscriptionSummary(subscription),
        status: await getOnboardingStatus(db, user, request.log, role),
      };
    },
  );

  app.post(
    '/api/onboarding/intro-seen',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'The welcome screen was seen',
        response: { 200: introSeenResponseSchema, ...errorResponses(401) },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request) => {
      const { user } = await requireUser(request);
      await markIntroSeen(db, user);
      return { intro_seen: true, status: await getOnboardingStatus(db, user, request.log) };
    },
  );

  app.get(
    '/api/onboarding/summary',
    {
      config: { access: 'user' },
      schema: {
        tags: ['onboarding'],
        summary: 'Everything the review step shows',
        response: { 200: onboardingSummarySchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const profile = await ownProfile(db, user);
      const [location, services, availability, docs, terms, subscription, status] = await Promise.all([
        findLocation(db, user.id),
        loadServices(db, user.id),
        loadAvailability(db, user.id),
        loadIdDocumentStatuses(db, user.id),
        loadTerms(db, user.id),
        loadSubscription(db, user.id),
        getOnboardingStatus(db, user, request.log),
      ]);
      return {
        profile: {
          full_name: profile.full_name,
          email: profile.email,
          phone: profile.phone,
          bio: profile.bio,
          avatar_url: profile.avatar_url,
        },
        location: location ? toProviderLocation(location) : null,
        services,
        availability,
        idDocuments: {
          total: docs.length,
          done: docs.filter((d) => isDocumentDone(d.status)).length,
          required: ID_DOCUMENTS_REQUIRED,
        },
        terms: terms
          ? { accepted_at: terms.accepted_at.toISOString(), terms_version: terms.terms_version }
          : null,
        subscription: subscription ? toSubscriptionSummary(subscription) : null,
        status,
      };
    },
  );
}
