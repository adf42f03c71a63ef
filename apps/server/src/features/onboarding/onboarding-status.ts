import {
  computeOnboarding,
  ID_DOCUMENTS_REQUIRED,
  isDocumentDone,
  isProviderLike,
  type OnboardingFacts,
  type OnboardingStatus,
  pickSession,
  providerGate,
  REQUIRED_STEPS,
  type Role,
} from '@adwuma/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  idDocuments,
  profiles,
  providerLocations,
  providerServiceTags,
  providerSkills,
  subscriptions,
  termsAcceptances,
  verificationSessions,
} from '../../db/schema.ts';
import { roleOf, type SessionUser } from '../../kernel/http/session.ts';
import { refreshProviderSearch } from '../../kernel/provider-search.ts';
import { ownProfile } from '../profile/index.ts';
import { hasCustomerActivity } from './customer-activity.ts';

type ProfileRow = typeof profiles.$inferSelect;

export interface LoadedFacts {
  facts: OnboardingFacts;
  profile: ProfileRow;
}

/** Everything spec 4 and 5 judge, read from the database for one user (spec 7 "Data reads"). */
export async function loadOnboardingFacts(db: Db, user: SessionUser): Promise<LoadedFacts> {
  const profile = await ownProfile(db, user);
  const id = user.id;
  const [location, skills, tags, docs, terms, subs] = await Promise.all([
    db
      .select({ geocoding_accuracy: providerLocations.geocoding_accuracy })
      .from(providerLocations)
      .where(eq(providerLocations.provider_id, id)),
    db.select({ n: count() }).from(providerSkills).where(eq(providerSkills.provider_id, id)),
    db.select({ n: count() }).from(providerServiceTags).where(eq(providerServiceTags.provider_id, id)),
    db.select({ status: idDocuments.doc_status }).from(idDocuments).where(eq(idDocuments.provider_id, id)),
    db
      .select({ accepted_at: termsAcceptances.accepted_at })
      .from(termsAcceptances)
      .where(eq(termsAcceptances.user_id, id)),
    db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.user_id, id)),
  ]);
  return {
    profile,
    facts: {
      profile: {
        full_name: profile.full_name,
        phone: profile.phone,
        bio: profile.bio,
        avatar_url: profile.avatar_url,
        availability_set: profile.availability_set,
        terms_accepted_at: profile.terms_accepted_at,
        intro_seen: profile.intro_seen,
      },
      location: location[0] ?? null,
      skillCount: Number(skills[0]?.n ?? 0),
      serviceTagCount: Number(tags[0]?.n ?? 0),
      idDocumentStatuses: docs.map((d) => d.status),
      termsAcceptedAt: terms.map((t) => t.accepted_at),
      subscriptionStatuses: subs.map((s) => s.status),
    },
  };
}

/**
 * The verification session status the gate reads: spec 7 reads verification_sessions by provider,
 * latest update first; spec 4 ranks several and the best one counts.
 */
export async function verificationSessionStatus(db: Db, userId: string): Promise<string | null> {
  const sessions = await db
    .select({ status: verificationSessions.status, updated_at: verificationSessions.updated_at })
    .from(verificationSessions)
    .where(eq(verificationSessions.provider_id, userId))
    .orderBy(desc(verificationSessions.updated_at));
  return pickSession(sessions)?.status ?? null;
}

/**
 * Spec 4/7: computes the onboarding status on the server and writes back core_onboarding_progress,
 * onboarding_completed and last_onboarding_step (and the post-onboarding progress) when they differ.
 * Only for provider-like users: writing "complete" onto a customer would make them dual-role.
 * A failed write-back is only logged.
 */
export async function getOnboardingStatus(
  db: Db,
  user: SessionUser,
  log: FastifyBaseLogger,
  knownRole?: Role,
): Promise<OnboardingStatus> {
  const [{ facts, profile }, role, customerActivity] = await Promise.all([
    loadOnboardingFacts(db, user),
    knownRole ? Promise.resolve(knownRole) : roleOf(db, user.id),
    hasCustomerActivity(db, user.id),
  ]);
  const result = computeOnboarding(role, facts);
  const isProvider = isProviderLike(role);

  if (isProvider) await writeBack(db, profile, result, log);

  const uploadedDocuments = facts.idDocumentStatuses.filter(isDocumentDone).length;
  const sessionStatus = await verificationSessionStatus(db, user.id);
  const gate = providerGate({
    loading: false,
    signedIn: true,
    role,
    isOnboardingComplete: result.isOnboardingComplete,
    nextRequiredStep: result.nextRequiredStep,
    postOnboardingCompleted: result.postOnboardingCompleted,
    uploadedDocuments,
    verificationStatus: sessionStatus,
  });

  return {
    role,
    isProvider,
    isOnboardingComplete: result.isOnboardingComplete,
    nextRequiredStep: result.nextRequiredStep,
    postOnboardingCompleted: result.postOnboardingCompleted,
    currentStep: result.currentStep,
    completionPercentage: result.completionPercentage,
    core: result.core,
    post: result.post,
    steps: REQUIRED_STEPS.map((id) => ({ id, complete: result.steps[id] })),
    introSeen: profile.intro_seen,
    verification: { uploadedDocuments, requiredDocuments: ID_DOCUMENTS_REQUIRED, sessionStatus },
    gate,
    hasCustomerActivity: customerActivity,
  };
}

const sameJson = (a: unknown, b: unknown) =>
  JSON.stringify(a, Object.keys(a as object).sort()) === JSON.stringify(b, Object.keys(b as object).sort());

async function writeBack(
  db: Db,
  profile: ProfileRow,
  result: ReturnType<typeof computeOnboarding>,
  log: FastifyBaseLogger,
): Promise<void> {
  const differs =
    !sameJson(profile.core_onboarding_progress, result.core) ||
    profile.onboarding_completed !== result.isOnboardingComplete ||
    profile.last_onboarding_step !== result.currentStep ||
    !sameJson(profile.post_onboarding_progress, result.postProgress) ||
    profile.post_onboarding_completed !== result.postOnboardingCompleted;
  if (!differs) return;
  try {
    await db
      .update(profiles)
      .set({
        core_onboarding_progress: result.core,
        onboarding_completed: result.isOnboardingComplete,
        last_onboarding_step: result.currentStep,
        post_onboarding_progress: result.postProgress,
        post_onboarding_completed: result.postOnboardingCompleted,
        updated_at: new Date(),
      })
      .where(eq(profiles.id, profile.id));
    // Core completion decides whether the provider is listed in search.
    if (profile.onboarding_completed !== result.isOnboardingComplete) {
      await refreshProviderSearch(db, profile.id);
    }
  } catch (error) {
    log.error({ err: error, userId: profile.id }, 'onboarding progress write-back failed');
  }
}
